// settings-ads.tsx: the project's advertisements: VAST tags played by the
// embedded player before, during (at offsets) or after the video.
import { useState } from 'preact/hooks';
import { Button, Dialog, ErrorBox, Field, Loaded, Select, toast, useMutation, useQuery } from '../../ui';
import { Checkbox, numbersFrom } from './forms';

interface Advertisement { id: string; name: string; tagURL: string; placement: string; offsets: number[]; enabled: boolean }

const placements: [string, string][] = [['pre_roll', 'Pre-roll (before the video)'], ['mid_roll', 'Mid-roll (at offsets)'], ['post_roll', 'Post-roll (after the video)']];
const placementName = (p: string) => (placements.find(([v]) => v === p)?.[1] || p).replace(/ \(.*/, '');

/** The card: the advertisements and their actions. */
export function AdsCard(props: { projectID: string }) {
  const { projectID } = props;
  const q = useQuery<{ advertisements: Advertisement[] }>('SettingsAdvertisements', { projectID });
  const [editing, setEditing] = useState<Advertisement | 'new' | null>(null);
  const remove = useMutation('SettingsDeleteAdvertisement');
  const del = async (a: Advertisement) => {
    if (!confirm(`Delete the advertisement ${a.name}?`)) return;
    if (await remove.run({ projectID, id: a.id })) { toast(`${a.name} deleted`); q.reload(); }
  };
  return (
    <section class="card account-card" aria-labelledby="settings-ads">
      <div class="card-head">
        <h2 id="settings-ads">Advertisements</h2>
        <Button onClick={() => setEditing('new')}>New advertisement</Button>
      </div>
      <Loaded q={q}>{() => {
        const list = q.data!.advertisements;
        if (!list.length) return <p class="muted">No advertisement: videos play without ads.</p>;
        return (
          <div class="table-wrap">
            <table>
              <caption class="sr-only">Advertisements of the project</caption>
              <thead><tr><th scope="col">Name</th><th scope="col">Placement</th><th scope="col">VAST tag</th><th scope="col">State</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
              <tbody>
                {list.map((a) => (
                  <tr key={a.id}>
                    <td>{a.name}</td>
                    <td>{placementName(a.placement)}{a.placement === 'mid_roll' && a.offsets.length > 0 && ` at ${a.offsets.join(', ')} s`}</td>
                    <td class="url-cell">{a.tagURL}</td>
                    <td><span class={`badge ${a.enabled ? 'ok' : ''}`}>{a.enabled ? 'Enabled' : 'Disabled'}</span></td>
                    <td><span class="row">
                      <Button onClick={() => setEditing(a)} aria-label={`Edit ${a.name}`}>Edit</Button>
                      <Button kind="danger" onClick={() => del(a)} busy={remove.busy} aria-label={`Delete ${a.name}`}>Delete</Button>
                    </span></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      }}</Loaded>
      <ErrorBox error={remove.error} />
      <Dialog title={editing === 'new' ? 'New advertisement' : `Edit ${editing?.name || ''}`} open={!!editing} onClose={() => setEditing(null)}>
        {editing && <AdForm projectID={projectID} ad={editing === 'new' ? null : editing}
          onDone={() => { setEditing(null); q.reload(); }} onCancel={() => setEditing(null)} />}
      </Dialog>
    </section>
  );
}

/** The form of a new or existing advertisement. */
function AdForm(props: { projectID: string; ad: Advertisement | null; onDone: () => void; onCancel: () => void }) {
  const create = useMutation('SettingsCreateAdvertisement');
  const update = useMutation('SettingsUpdateAdvertisement');
  const m = props.ad ? update : create;
  const a = props.ad;
  const [placement, setPlacement] = useState(a?.placement || 'pre_roll');
  const submit = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const input = {
      name: String(f.get('name') || '').trim(), tagURL: String(f.get('tagURL') || '').trim(), placement,
      offsets: placement === 'mid_roll' ? numbersFrom(f.get('offsets')) : [], enabled: f.get('enabled') === 'on',
    };
    const r = a ? await update.run({ projectID: props.projectID, id: a.id, input }) : await create.run({ projectID: props.projectID, input });
    if (r) { toast(`Advertisement ${input.name} saved`); props.onDone(); }
  };
  return (
    <form onSubmit={submit}>
      <Field label="Advertisement name" name="name" required defaultValue={a?.name || ''} error={m.error} />
      <Field label="VAST tag URL" name="tagURL" type="url" required defaultValue={a?.tagURL || ''} hint="The ad server's VAST 3 or 4 address." error={m.error} />
      <Select label="Placement" name="placement" value={placement} onChange={(e) => setPlacement((e.target as HTMLSelectElement).value)} options={placements} />
      {placement === 'mid_roll' && (
        <Field label="Offsets (seconds)" name="offsets" required defaultValue={(a?.offsets || []).join(', ')} hint="Comma-separated, e.g. 30, 120" error={m.error} />
      )}
      <Checkbox label="Enabled" name="enabled" defaultChecked={a ? a.enabled : true} />
      <ErrorBox error={m.error} fields={['name', 'tagURL', 'offsets']} />
      <div class="row">
        <Button type="submit" kind="primary" busy={m.busy}>Save advertisement</Button>
        <Button onClick={props.onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
