// simulcast.tsx: a stream's simulcast targets (at most 5): each RTMP(S)
// destination with its key's last four characters, turned on or off, removed,
// and a new one added. The key is write-only: the API never returns it.
import { useState } from 'preact/hooks';
import { Button, Dialog, ErrorBox, Field, Loaded, toast, useMutation, useQuery, when } from '../../ui';

interface Target { id: string; name: string; url: string; enabled: boolean; streamKeyLast4: string; createdAt: string }

/** The most targets a stream may have. */
const maxTargets = 5;

/** The simulcast targets of stream streamID. */
export function SimulcastPanel(props: { project: string; streamID: string }) {
  const vars = { projectID: props.project, liveStreamID: props.streamID };
  const q = useQuery<{ liveSimulcastTargets: Target[] }>('LiveSimulcastTargets', vars);
  const update = useMutation('UpdateLiveSimulcastTarget');
  const toggle = async (t: Target) => {
    if (await update.run({ ...vars, id: t.id, input: { enabled: !t.enabled } })) {
      toast(`${t.name} ${t.enabled ? 'disabled' : 'enabled'}`);
      await q.reload();
    }
  };
  return (
    <section class="card live-section live-wide" aria-labelledby="simulcast-h">
      <h2 id="simulcast-h">Simulcast targets</h2>
      <p class="muted">Each broadcast is also sent, as it arrives, to these RTMP or RTMPS destinations (YouTube, Twitch…). A change applies from the next session.</p>
      <Loaded q={q}>{() => {
        const list = q.data!.liveSimulcastTargets;
        return (
          <>
            {list.length ? (
              <table>
                <thead><tr><th scope="col">Name</th><th scope="col">URL</th><th scope="col">Key</th><th scope="col">State</th><th scope="col">Added</th><th scope="col">Actions</th></tr></thead>
                <tbody>
                  {list.map((t) => (
                    <tr key={t.id}>
                      <td>{t.name}</td>
                      <td class="live-url">{t.url}</td>
                      <td class="muted">…{t.streamKeyLast4}</td>
                      <td><span class={`badge ${t.enabled ? 'live-active' : 'live-disabled'}`}>{t.enabled ? 'Enabled' : 'Disabled'}</span></td>
                      <td>{when(t.createdAt)}</td>
                      <td class="row">
                        <Button onClick={() => toggle(t)} busy={update.busy} aria-label={`${t.enabled ? 'Disable' : 'Enable'} ${t.name}`}>{t.enabled ? 'Disable' : 'Enable'}</Button>
                        <RemoveTarget vars={vars} target={t} onDone={q.reload} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : <p class="muted">No simulcast target.</p>}
            <ErrorBox error={update.error} />
            {list.length < maxTargets
              ? <AddTarget vars={vars} onDone={q.reload} />
              : <p class="muted">A stream has at most {maxTargets} targets: remove one to add another.</p>}
          </>
        );
      }}</Loaded>
    </section>
  );
}

/** The form that adds a target. */
function AddTarget(props: { vars: object; onDone: () => Promise<void> }) {
  const create = useMutation('CreateLiveSimulcastTarget');
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const f = new FormData(form);
    const input = { name: String(f.get('name') || '').trim(), url: String(f.get('url') || '').trim(), streamKey: String(f.get('streamKey') || ''), enabled: true };
    if (await create.run({ ...props.vars, input })) {
      toast(`Simulcast target ${input.name} added`);
      form.reset();
      await props.onDone();
    }
  };
  return (
    <form class="live-add-target" onSubmit={submit} aria-labelledby="add-target-h">
      <h3 id="add-target-h">Add a target</h3>
      <div class="live-target-fields">
        <Field label="Target name" name="name" required error={create.error} />
        <Field label="Target URL" name="url" required placeholder="rtmps://a.rtmp.youtube.com/live2" error={create.error} hint="rtmp:// or rtmps://, without the key" />
        <Field label="Target stream key" name="streamKey" type="password" autoComplete="off" required error={create.error} />
      </div>
      <ErrorBox error={create.error} fields={['name', 'url', 'streamKey']} />
      <Button type="submit" kind="primary" busy={create.busy}>Add target</Button>
    </form>
  );
}

/** Remove, after a confirmation. */
function RemoveTarget(props: { vars: object; target: Target; onDone: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const del = useMutation('DeleteLiveSimulcastTarget');
  const remove = async () => {
    if (await del.run({ ...props.vars, id: props.target.id })) {
      setOpen(false);
      toast(`Simulcast target ${props.target.name} removed`);
      await props.onDone();
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-label={`Remove ${props.target.name}`}>Remove</Button>
      <Dialog title={`Remove ${props.target.name}?`} open={open} onClose={() => setOpen(false)}>
        <p>Broadcasts stop being sent to {props.target.url} from the next session.</p>
        <ErrorBox error={del.error} />
        <div class="row">
          <Button kind="danger" busy={del.busy} onClick={remove}>Remove</Button>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
        </div>
      </Dialog>
    </>
  );
}
