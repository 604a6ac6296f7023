// settings-encoding.tsx: the project's encoding: the ladder new videos get (its
// default profile's, else the built-in one) and its encoding profiles, which
// can be created, edited, made the default or deleted.
import { useState } from 'preact/hooks';
import { Button, Dialog, ErrorBox, Field, Loaded, toast, useMutation, type QueryState } from '../../ui';
import { LadderEditor, LadderTable, type Rung } from './ladder';

interface EncodingProfile { id: string; name: string; isDefault: boolean; renditions: Rung[] }

/** What the SettingsEncoding query answers. */
export interface EncodingData { encodingProfiles: EncodingProfile[]; effectiveEncodingLadder: Rung[] }

const strip = (rungs: Rung[]) => rungs.map(({ height, videoBitrateKbps, codec, audioBitrateKbps }) => ({ height, videoBitrateKbps, codec: codec || 'h264', audioBitrateKbps }));

/** The card, over q (the SettingsEncoding query the screen runs). */
export function EncodingCard(props: { projectID: string; q: QueryState<EncodingData> }) {
  const { q, projectID } = props;
  const [editing, setEditing] = useState<EncodingProfile | 'new' | null>(null);
  const makeDefault = useMutation('SettingsSetDefaultEncodingProfile');
  const remove = useMutation('SettingsDeleteEncodingProfile');
  const setDefault = async (p: EncodingProfile) => {
    if (await makeDefault.run({ projectID, id: p.id })) { toast(`${p.name} is the default profile`); q.reload(); }
  };
  const del = async (p: EncodingProfile) => {
    if (!confirm(`Delete the encoding profile ${p.name}?`)) return;
    if (await remove.run({ projectID, id: p.id })) { toast(`${p.name} deleted`); q.reload(); }
  };
  return (
    <section class="card account-card" aria-labelledby="settings-encoding">
      <div class="card-head">
        <h2 id="settings-encoding">Encoding</h2>
        <Button onClick={() => setEditing('new')}>New encoding profile</Button>
      </div>
      <Loaded q={q}>{() => {
        const { encodingProfiles: profiles, effectiveEncodingLadder: ladder } = q.data!;
        const def = profiles.find((p) => p.isDefault);
        return (
          <>
            <LadderTable rungs={ladder} caption={def ? `Ladder of new videos: profile ${def.name}` : 'Ladder of new videos: the built-in ladder (no default profile)'} />
            <h3>Encoding profiles</h3>
            {profiles.length === 0 && <p class="muted">No encoding profile: videos get the built-in ladder above.</p>}
            <ul class="plain-list">
              {profiles.map((p) => (
                <li key={p.id} class="list-row">
                  <span><strong>{p.name}</strong> {p.isDefault && <span class="badge ok">Default</span>}{' '}
                    <span class="muted">{p.renditions.map((r) => `${r.height}p`).join(', ')}</span></span>
                  <span class="row">
                    <Button onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>Edit</Button>
                    {!p.isDefault && <Button onClick={() => setDefault(p)} busy={makeDefault.busy} aria-label={`Make default: ${p.name}`}>Make default</Button>}
                    <Button kind="danger" onClick={() => del(p)} busy={remove.busy} aria-label={`Delete ${p.name}`}>Delete</Button>
                  </span>
                </li>
              ))}
            </ul>
            <ErrorBox error={makeDefault.error || remove.error} />
          </>
        );
      }}</Loaded>
      <Dialog title={editing === 'new' ? 'New encoding profile' : `Edit ${editing?.name || ''}`} open={!!editing} onClose={() => setEditing(null)}>
        {editing && (
          <ProfileForm projectID={projectID} profile={editing === 'new' ? null : editing}
            template={q.data?.effectiveEncodingLadder || []} onDone={() => { setEditing(null); q.reload(); }} onCancel={() => setEditing(null)} />
        )}
      </Dialog>
    </section>
  );
}

/** The form of a new or existing profile: its name and rungs. */
function ProfileForm(props: { projectID: string; profile: EncodingProfile | null; template: Rung[]; onDone: () => void; onCancel: () => void }) {
  const create = useMutation('SettingsCreateEncodingProfile');
  const update = useMutation('SettingsUpdateEncodingProfile');
  const m = props.profile ? update : create;
  const initial = props.profile?.renditions || props.template;
  const [rungs, setRungs] = useState<Rung[]>(initial);
  const submit = async (e: Event) => {
    e.preventDefault();
    const name = new FormData(e.target as HTMLFormElement).get('name');
    const input = { name, renditions: strip(rungs) };
    const r = props.profile
      ? await update.run({ projectID: props.projectID, id: props.profile.id, input })
      : await create.run({ projectID: props.projectID, input });
    if (r) { toast(`Encoding profile ${name} saved`); props.onDone(); }
  };
  return (
    <form onSubmit={submit}>
      <Field label="Profile name" name="name" required defaultValue={props.profile?.name || ''} error={m.error} />
      <LadderEditor initial={initial} onChange={setRungs} />
      <ErrorBox error={m.error} fields={['name']} />
      <div class="row">
        <Button type="submit" kind="primary" busy={m.busy}>Save profile</Button>
        <Button onClick={props.onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
