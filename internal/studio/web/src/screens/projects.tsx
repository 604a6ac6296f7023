// projects.tsx: the organization's projects, and a new one.
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { paths } from '../routes';
import { Button, Dialog, ErrorBox, Field, Loaded, Page, toast, useMutation, useQuery, when } from '../ui';

interface ProjectNode { id: string; name: string; description: string; createdAt: string }

/** The home screen: every project of the current organization. */
export function Projects() {
  const q = useQuery<{ projects: { edges: { node: ProjectNode }[] } }>('Projects');
  const create = useMutation('CreateProject');
  const [open, setOpen] = useState(false);
  const { route } = useLocation();
  const submit = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const r = await create.run({ input: { name: f.get('name'), description: f.get('description') || '' } });
    if (r) {
      toast(`Project ${r.createProject.name} created`);
      setOpen(false);
      route(paths.library(r.createProject.id));
    }
  };
  return (
    <Page title="Projects" actions={<Button kind="primary" onClick={() => setOpen(true)}>New project</Button>}>
      <Loaded q={q}>{() => {
        const list = q.data!.projects.edges.map((e) => e.node);
        if (!list.length) return <p class="empty">No project yet. A project holds videos, live streams and their settings: create one to start.</p>;
        return (
          <ul class="cards">
            {list.map((p) => (
              <li key={p.id} class="card">
                <h2><a href={paths.library(p.id)}>{p.name}</a></h2>
                {p.description && <p>{p.description}</p>}
                <p class="muted">Created {when(p.createdAt)}</p>
              </li>
            ))}
          </ul>
        );
      }}</Loaded>
      <Dialog title="New project" open={open} onClose={() => setOpen(false)}>
        <form onSubmit={submit}>
          <Field label="Name" name="name" required error={create.error} />
          <Field label="Description" name="description" error={create.error} />
          <ErrorBox error={create.error} fields={['name', 'description']} />
          <div class="row">
            <Button type="submit" kind="primary" busy={create.busy}>Create</Button>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
          </div>
        </form>
      </Dialog>
    </Page>
  );
}
