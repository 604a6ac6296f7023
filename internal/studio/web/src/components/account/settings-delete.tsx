// settings-delete.tsx: deleting the project, confirmed by typing its name.
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { paths } from '../../routes';
import { Button, Dialog, ErrorBox, Field, toast, useMutation } from '../../ui';

/** The danger card: a button, then a dialog that asks for the project's name. */
export function DeleteProjectCard(props: { projectID: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const del = useMutation('SettingsDeleteProject');
  const { route } = useLocation();
  const submit = async (e: Event) => {
    e.preventDefault();
    if (typed !== props.name) return;
    if (await del.run({ id: props.projectID })) {
      toast(`Project ${props.name} deleted`);
      route(paths.home());
    }
  };
  const close = () => { setOpen(false); setTyped(''); del.setError(null); };
  return (
    <section class="card account-card danger-card" aria-labelledby="settings-delete">
      <h2 id="settings-delete">Delete this project</h2>
      <p>Deleting the project removes its videos, live streams, players, advertisements and settings. It cannot be undone.</p>
      <Button kind="danger" onClick={() => setOpen(true)}>Delete project…</Button>
      <Dialog title={`Delete ${props.name}`} open={open} onClose={close}>
        <form onSubmit={submit}>
          <p>Type <strong>{props.name}</strong> to confirm.</p>
          <Field label="Project name" name="confirm" autoComplete="off" value={typed} onInput={(e) => setTyped((e.target as HTMLInputElement).value)} />
          <ErrorBox error={del.error} />
          <div class="row">
            <Button type="submit" kind="danger" busy={del.busy} disabled={typed !== props.name}>Delete forever</Button>
            <Button onClick={close}>Cancel</Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
