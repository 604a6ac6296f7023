// folderdialogs.tsx: the dialogs of the folder panel's buttons: a new folder
// (at the top level or inside another), renaming, moving (the keyboard's way
// to drag a folder onto another) and deleting the chosen folder, with what
// becomes of its content. The API's errors (rights, a move into itself) show
// in the dialog.
import { useState } from 'preact/hooks';
import { Button, Dialog, ErrorBox, Field, Select, toast, useMutation } from '../../ui';
import type { FolderAction, FolderNode } from './folders';

/** The select options of the folders ('' is the top level), indented by depth. */
export function folderOptions(tree: FolderNode[], topLabel: string, exclude?: (f: FolderNode) => boolean): [string, string][] {
  return [['', topLabel], ...tree.filter((f) => !exclude?.(f)).map((f): [string, string] => [f.id, '\u00a0\u00a0'.repeat(f.depth) + f.name])];
}

/** The dialog of action (null: none) on folder (the chosen one; the parent for 'new'). */
export function FolderDialogs(props: {
  projectID: string;
  tree: FolderNode[];
  action: FolderAction | null;
  folder: FolderNode | undefined;
  onClose: () => void;
  onDone: (change: { deleted?: string }) => void;
}) {
  const { action, folder } = props;
  const title = action === 'new' ? 'New folder'
    : action === 'rename' ? `Rename folder ${folder?.name}`
      : action === 'move' ? `Move folder ${folder?.name}`
        : `Delete folder ${folder?.name}`;
  const open = action !== null && (action === 'new' || folder !== undefined);
  return (
    <Dialog title={title} open={open} onClose={props.onClose}>
      {action === 'new' && <NewFolder {...props} />}
      {action === 'rename' && folder && <RenameFolder {...props} folder={folder} />}
      {action === 'move' && folder && <MoveFolder {...props} folder={folder} />}
      {action === 'delete' && folder && <DeleteFolder {...props} folder={folder} />}
    </Dialog>
  );
}

type Props = Parameters<typeof FolderDialogs>[0];

function NewFolder(props: Props) {
  const create = useMutation('LibraryCreateFolder');
  const [parent, setParent] = useState(props.folder?.id || '');
  const submit = async (e: Event) => {
    e.preventDefault();
    const name = String(new FormData(e.target as HTMLFormElement).get('name') || '').trim();
    const r = await create.run({ input: { name, projectID: props.projectID, parentID: parent || null } });
    if (r) {
      toast(`Folder ${r.createFolder.name} created`);
      props.onDone({});
    }
  };
  return (
    <form onSubmit={submit}>
      <Field label="Folder name" name="name" required error={create.error} />
      <Select label="Inside" name="parent" options={folderOptions(props.tree, 'Top level')} value={parent}
        onChange={(e) => setParent((e.target as HTMLSelectElement).value)} />
      <ErrorBox error={create.error} fields={['name']} />
      <Actions busy={create.busy} label="Create folder" onCancel={props.onClose} />
    </form>
  );
}

function RenameFolder(props: Props & { folder: FolderNode }) {
  const rename = useMutation('LibraryRenameFolder');
  const submit = async (e: Event) => {
    e.preventDefault();
    const name = String(new FormData(e.target as HTMLFormElement).get('name') || '').trim();
    if (await rename.run({ id: props.folder.id, projectID: props.projectID, name })) {
      toast(`Folder renamed to ${name}`);
      props.onDone({});
    }
  };
  return (
    <form onSubmit={submit}>
      <Field label="Folder name" name="name" required defaultValue={props.folder.name} error={rename.error} />
      <ErrorBox error={rename.error} fields={['name']} />
      <Actions busy={rename.busy} label="Rename" onCancel={props.onClose} />
    </form>
  );
}

function MoveFolder(props: Props & { folder: FolderNode }) {
  const move = useMutation('LibraryMoveFolder');
  const self = props.folder.id;
  // A folder cannot go into itself or one of its descendants.
  const options = folderOptions(props.tree, 'Top level', (f) => f.id === self || f.path.includes(self));
  const [to, setTo] = useState(props.folder.parentID || '');
  const submit = async (e: Event) => {
    e.preventDefault();
    if (await move.run({ id: self, toFolderID: to || null, projectID: props.projectID })) {
      toast(`Folder ${props.folder.name} moved`);
      props.onDone({});
    }
  };
  return (
    <form onSubmit={submit}>
      <Select label="Move into" name="to" options={options} value={to}
        onChange={(e) => setTo((e.target as HTMLSelectElement).value)} />
      <ErrorBox error={move.error} />
      <Actions busy={move.busy} label="Move folder" onCancel={props.onClose} />
    </form>
  );
}

function DeleteFolder(props: Props & { folder: FolderNode }) {
  const del = useMutation('LibraryDeleteFolder');
  const [contents, setContents] = useState('MOVE_TO_PARENT');
  const submit = async (e: Event) => {
    e.preventDefault();
    if (await del.run({ id: props.folder.id, contents, projectID: props.projectID })) {
      toast(`Folder ${props.folder.name} deleted`);
      props.onDone({ deleted: props.folder.id });
    }
  };
  const f = props.folder;
  return (
    <form onSubmit={submit}>
      <p>{f.name} holds {f.videoCount} video{f.videoCount === 1 ? '' : 's'} and {f.childCount} subfolder{f.childCount === 1 ? '' : 's'}.</p>
      <Select label="Its videos and subfolders" name="contents" value={contents}
        onChange={(e) => setContents((e.target as HTMLSelectElement).value)}
        options={[['MOVE_TO_PARENT', 'Move them to the parent folder'], ['DELETE', 'Delete them with the folder']]} />
      {contents === 'DELETE' && <p class="error-text">The videos of this folder and of its subfolders will be deleted for good.</p>}
      <ErrorBox error={del.error} />
      <Actions busy={del.busy} label="Delete folder" danger onCancel={props.onClose} />
    </form>
  );
}

/** A dialog's submit and Cancel buttons. */
export function Actions(props: { busy: boolean; label: string; danger?: boolean; onCancel: () => void }) {
  return (
    <div class="row dialog-actions">
      <Button type="submit" kind={props.danger ? 'danger' : 'primary'} busy={props.busy}>{props.label}</Button>
      <Button onClick={props.onCancel}>Cancel</Button>
    </div>
  );
}
