// profile-details.tsx: the Profile screen's first card: name, avatar (uploaded
// file or image address) and the email address with its verification state.
import { useState } from 'preact/hooks';
import { Button, ErrorBox, Field, toast, useMutation, when } from '../../ui';
import { uploadAvatar } from './avatar';

/** The signed-in user as the Profile screen reads it. */
export interface ProfileUser {
  id: string;
  email: string;
  name: string;
  avatarURL: string;
  emailVerified: boolean;
  emailVerifiedAt: string | null;
  hasPassword: boolean;
  createdAt: string;
}

/** The avatar, shown when the console's policy lets it load (this server's own images). */
function AvatarPreview(props: { url: string; name: string }) {
  if (!props.url) return <p class="muted">No avatar yet.</p>;
  let sameOrigin = false;
  try { sameOrigin = new URL(props.url, location.href).origin === location.origin; } catch { /* not a URL */ }
  if (sameOrigin) return <img class="avatar" src={props.url} alt={`Avatar of ${props.name || 'you'}`} width={72} height={72} />;
  return <p class="muted">Your avatar is the image at <a href={props.url} rel="noreferrer" target="_blank">{props.url}</a> (images from other sites are not shown in the console).</p>;
}

/** Name, avatar and email of the signed-in user. */
export function ProfileDetails(props: { user: ProfileUser; onChange: () => void }) {
  const { user } = props;
  const update = useMutation('ProfileUpdate');
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [uploading, setUploading] = useState(false);
  const saveName = async (e: Event) => {
    e.preventDefault();
    const name = String(new FormData(e.target as HTMLFormElement).get('name') || '').trim();
    if (await update.run({ input: { name } })) { toast('Name saved'); props.onChange(); }
  };
  const upload = async (e: Event) => {
    e.preventDefault();
    const file = (new FormData(e.target as HTMLFormElement).get('file')) as File | null;
    if (!file || !file.size) { setUploadError('Choose an image first.'); return; }
    setUploading(true);
    setUploadError(null);
    try {
      await uploadAvatar(file);
      toast('Avatar updated');
      (e.target as HTMLFormElement).reset();
      props.onChange();
    } catch (err) {
      setUploadError(err);
    } finally {
      setUploading(false);
    }
  };
  const removeAvatar = async () => {
    if (await update.run({ input: { avatarURL: '' } })) { toast('Avatar removed'); props.onChange(); }
  };
  return (
    <section class="card account-card" aria-labelledby="profile-details">
      <h2 id="profile-details">Your details</h2>
      <dl class="facts">
        <dt>Email</dt>
        <dd>
          {user.email}{' '}
          {user.emailVerified
            ? <span class="badge ok">Verified {when(user.emailVerifiedAt)}</span>
            : <span class="badge warn">Not verified</span>}
        </dd>
        <dt>Member since</dt>
        <dd>{when(user.createdAt)}</dd>
      </dl>
      {!user.emailVerified && (
        <p class="muted">Open the link mailed to {user.email} at registration to verify it. The API offers no way to send that link again.</p>
      )}
      <form onSubmit={saveName} class="row">
        <Field label="Name" name="name" autoComplete="name" defaultValue={user.name} error={update.error} />
        <Button type="submit" kind="primary" busy={update.busy}>Save name</Button>
      </form>
      <ErrorBox error={update.error} fields={['name']} />
      <h3>Avatar</h3>
      <div class="avatar-row">
        <AvatarPreview url={user.avatarURL} name={user.name} />
        <form onSubmit={upload} class="row">
          <Field label="Image (PNG, JPEG, GIF or WebP, at most 5 MiB)" name="file" type="file" accept="image/png,image/jpeg,image/gif,image/webp" error={uploadError} />
          <Button type="submit" busy={uploading}>Upload avatar</Button>
          {user.avatarURL && <Button onClick={removeAvatar} busy={update.busy}>Remove avatar</Button>}
        </form>
      </div>
      <ErrorBox error={uploadError} fields={['file']} />
    </section>
  );
}
