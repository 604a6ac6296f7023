// tags.tsx: the dialog that creates a tag of the project (createTag); the
// Library then offers it as a filter and as a bulk action.
import { Dialog, ErrorBox, Field, toast, useMutation } from '../../ui';
import { Actions } from './folderdialogs';

/** The New tag dialog; onCreated gets the new tag's id. */
export function NewTagDialog(props: { projectID: string; open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  return (
    <Dialog title="New tag" open={props.open} onClose={props.onClose}>
      <NewTagForm {...props} />
    </Dialog>
  );
}

function NewTagForm(props: { projectID: string; onClose: () => void; onCreated: (id: string) => void }) {
  const create = useMutation('LibraryCreateTag');
  const submit = async (e: Event) => {
    e.preventDefault();
    const name = String(new FormData(e.target as HTMLFormElement).get('name') || '').trim();
    const r = await create.run({ input: { name, projectID: props.projectID } });
    if (r) {
      toast(`Tag ${r.createTag.name} created`);
      props.onCreated(r.createTag.id);
    }
  };
  return (
    <form onSubmit={submit}>
      <Field label="Tag name" name="name" required error={create.error} />
      <ErrorBox error={create.error} fields={['name']} />
      <Actions busy={create.busy} label="Create tag" onCancel={props.onClose} />
    </form>
  );
}
