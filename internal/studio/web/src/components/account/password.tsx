// password.tsx: the Profile screen's password card: change it (current one
// required; the other sessions are signed out) or, for an account made through
// OAuth, set a first one.
import { Button, ErrorBox, Field, toast, useMutation } from '../../ui';

/** Changes or sets the signed-in user's password; onChange runs after success. */
export function PasswordCard(props: { hasPassword: boolean; onChange: () => void }) {
  const update = useMutation('ProfileUpdatePassword');
  const set = useMutation('ProfileSetPassword');
  const m = props.hasPassword ? update : set;
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const f = new FormData(form);
    const ok = props.hasPassword
      ? await update.run({ currentPassword: f.get('currentPassword'), newPassword: f.get('newPassword') })
      : await set.run({ password: f.get('password') });
    if (!ok) return;
    form.reset();
    toast(props.hasPassword ? 'Password changed; your other sessions were signed out' : 'Password set');
    props.onChange();
  };
  return (
    <section class="card account-card" aria-labelledby="profile-password">
      <h2 id="profile-password">{props.hasPassword ? 'Change password' : 'Set a password'}</h2>
      {!props.hasPassword && <p class="muted">You sign in through a provider. A password lets you sign in with your email too.</p>}
      <form onSubmit={submit} class="narrow-form">
        {props.hasPassword && (
          <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={m.error} />
        )}
        <Field label="New password" name={props.hasPassword ? 'newPassword' : 'password'} type="password" autoComplete="new-password"
          required minLength={8} hint="At least 8 characters, hard to guess." error={m.error} />
        <ErrorBox error={m.error} fields={['currentPassword', 'newPassword', 'password']} />
        <Button type="submit" kind="primary" busy={m.busy}>{props.hasPassword ? 'Change password' : 'Set password'}</Button>
      </form>
    </section>
  );
}
