// settings.tsx: a stream's settings form, and deleting the stream.
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { paths } from '../../routes';
import { Button, Dialog, ErrorBox, toast, useMutation } from '../../ui';
import { forgetKey } from './keys';
import type { StreamDetail } from './model';
import { SettingsFields, settingsFromForm } from './settings-fields';

/** The settings of stream s; onSaved reloads the page's data. */
export function SettingsPanel(props: { project: string; stream: StreamDetail; onSaved: () => Promise<void> }) {
  const s = props.stream;
  const save = useMutation('UpdateLiveStream');
  const submit = async (e: Event) => {
    e.preventDefault();
    if (await save.run({ projectID: props.project, id: s.id, input: settingsFromForm(e.target as HTMLFormElement) })) {
      toast('Settings saved');
      await props.onSaved();
    }
  };
  return (
    <section class="card live-section" aria-labelledby="settings-h">
      <h2 id="settings-h">Settings</h2>
      <form onSubmit={submit}>
        <SettingsFields value={s} error={save.error} />
        {s.currentSession && <p class="muted">The session in progress keeps its latency mode, recording and transcoding; the reconnect window and maximum duration apply at once.</p>}
        <ErrorBox error={save.error} fields={['name', 'reconnectWindowSeconds', 'maxDurationSeconds']} />
        <Button type="submit" kind="primary" busy={save.busy}>Save settings</Button>
      </form>
      <DeleteStream project={props.project} stream={s} />
    </section>
  );
}

/** "Delete stream", after a confirmation; back to the list. */
function DeleteStream(props: { project: string; stream: StreamDetail }) {
  const [open, setOpen] = useState(false);
  const del = useMutation('DeleteLiveStream');
  const { route } = useLocation();
  const remove = async () => {
    if (await del.run({ projectID: props.project, id: props.stream.id })) {
      forgetKey(props.stream.id);
      toast(`Live stream ${props.stream.name} deleted`);
      route(paths.live(props.project));
    }
  };
  return (
    <div class="live-danger">
      <h3>Delete this stream</h3>
      <p class="muted">Its key stops working, its history and simulcast targets are deleted; its recordings stay in the library.</p>
      <Button kind="danger" onClick={() => setOpen(true)}>Delete stream</Button>
      <Dialog title={`Delete ${props.stream.name}?`} open={open} onClose={() => setOpen(false)}>
        <p>{props.stream.currentSession ? 'The publisher sending now is disconnected. ' : ''}This cannot be undone. The recordings stay as videos.</p>
        <ErrorBox error={del.error} />
        <div class="row">
          <Button kind="danger" busy={del.busy} onClick={remove}>Delete stream</Button>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
        </div>
      </Dialog>
    </div>
  );
}
