// bulk.tsx: the actions on the Library's selection: move to a folder (one
// assignVideosToFolder call, all or none: the keyboard's way to drag rows onto
// the tree), add a tag and delete (one call per video: the API has no batch
// mutation for those, so a partial failure says which videos failed).
import { useState } from 'preact/hooks';
import { gql } from '../../api';
import { Button, Dialog, ErrorBox, Select, toast, useMutation } from '../../ui';
import { Actions, folderOptions } from './folderdialogs';
import type { FolderNode } from './folders';

/** A bulk action's dialog. */
export type BulkAction = 'move' | 'tag' | 'delete';

/** The selected videos: id and title. */
export interface Picked { id: string; title: string }

/** The bar above the table while videos are selected. */
export function BulkBar(props: { count: number; onAction: (a: BulkAction) => void; onClear: () => void }) {
  if (!props.count) return null;
  return (
    <div class="bulk-bar" role="region" aria-label="Selected videos">
      <strong>{props.count} selected</strong>
      <Button onClick={() => props.onAction('move')}>Move to folder…</Button>
      <Button onClick={() => props.onAction('tag')}>Add tag…</Button>
      <Button kind="danger" onClick={() => props.onAction('delete')}>Delete…</Button>
      <Button onClick={props.onClear}>Clear selection</Button>
    </div>
  );
}

/** The dialog of a bulk action on picked; onDone runs after any change (to reload). */
export function BulkDialogs(props: {
  projectID: string;
  action: BulkAction | null;
  picked: Picked[];
  tree: FolderNode[];
  tags: { id: string; name: string }[];
  onClose: () => void;
  /** After a change: remaining are the ids still selected (those that failed); none closes the dialog. */
  onDone: (remaining: string[]) => void;
  onNewTag: () => void;
}) {
  const n = props.picked.length;
  const what = `${n} video${n === 1 ? '' : 's'}`;
  const title = props.action === 'move' ? `Move ${what} to a folder`
    : props.action === 'tag' ? `Add a tag to ${what}` : `Delete ${what}`;
  return (
    <Dialog title={title} open={props.action !== null && n > 0} onClose={props.onClose}>
      {props.action === 'move' && <MoveVideos {...props} what={what} />}
      {props.action === 'tag' && <TagVideos {...props} what={what} />}
      {props.action === 'delete' && <DeleteVideos {...props} what={what} />}
    </Dialog>
  );
}

type Props = Parameters<typeof BulkDialogs>[0] & { what: string };

function MoveVideos(props: Props) {
  const move = useMutation('LibraryMoveVideos');
  const [to, setTo] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await move.run({ projectID: props.projectID, videoIDs: props.picked.map((v) => v.id), folderID: to || null });
    if (r) {
      const name = props.tree.find((f) => f.id === to)?.name;
      toast(`${props.what} moved to ${name ? name : 'no folder'}`);
      props.onDone([]);
    }
  };
  return (
    <form onSubmit={submit}>
      <Select label="Destination folder" name="folder" value={to} onChange={(e) => setTo((e.target as HTMLSelectElement).value)}
        options={folderOptions(props.tree, 'No folder (unfiled)')} />
      <ErrorBox error={move.error} />
      <Actions busy={move.busy} label="Move" onCancel={props.onClose} />
    </form>
  );
}

function TagVideos(props: Props) {
  const [tag, setTag] = useState(props.tags[0]?.id || '');
  const run = useEach(props, (v) => gql('LibraryTagVideo', { id: v.id, projectID: props.projectID, tagID: tag }));
  if (!props.tags.length) {
    return (
      <>
        <p>This project has no tag yet. Create one, then add it to the selection.</p>
        <div class="row dialog-actions">
          <Button kind="primary" onClick={props.onNewTag}>New tag</Button>
          <Button onClick={props.onClose}>Cancel</Button>
        </div>
      </>
    );
  }
  const submit = async (e: Event) => {
    e.preventDefault();
    const name = props.tags.find((t) => t.id === tag)?.name;
    if (await run.go()) toast(`Tag ${name} added to ${props.what}`);
  };
  return (
    <form onSubmit={submit}>
      <Select label="Tag" name="tag" value={tag} onChange={(e) => setTag((e.target as HTMLSelectElement).value)}
        options={props.tags.map((t): [string, string] => [t.id, t.name])} />
      <ErrorBox error={run.error} />
      <Actions busy={run.busy} label="Add tag" onCancel={props.onClose} />
    </form>
  );
}

function DeleteVideos(props: Props) {
  const run = useEach(props, (v) => gql('LibraryDeleteVideo', { id: v.id, projectID: props.projectID }));
  const submit = async (e: Event) => {
    e.preventDefault();
    if (await run.go()) toast(`${props.what} deleted`);
  };
  const shown = props.picked.slice(0, 5);
  return (
    <form onSubmit={submit}>
      <p>These videos, their renditions, captions and files will be deleted. This cannot be undone.</p>
      <ul class="picked">
        {shown.map((v) => <li key={v.id}>{v.title}</li>)}
        {props.picked.length > shown.length && <li class="muted">and {props.picked.length - shown.length} more</li>}
      </ul>
      <ErrorBox error={run.error} />
      <Actions busy={run.busy} label={`Delete ${props.what}`} danger onCancel={props.onClose} />
    </form>
  );
}

/**
 * Runs one call per picked video, four at a time; go() resolves true when all
 * succeeded. Any failure is kept as an error naming the videos that failed, and
 * onDone runs whenever something changed, with the ids that failed.
 */
function useEach(props: Props, call: (v: Picked) => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>('');
  const go = async (): Promise<boolean> => {
    setBusy(true);
    setError('');
    const failed: { v: Picked; message: string }[] = [];
    const queue = [...props.picked];
    const worker = async () => {
      for (let v = queue.shift(); v; v = queue.shift()) {
        try {
          await call(v);
        } catch (e) {
          failed.push({ v, message: (e as Error).message });
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    setBusy(false);
    if (failed.length < props.picked.length) props.onDone(failed.map((f) => f.v.id));
    if (failed.length) {
      const names = failed.slice(0, 3).map((f) => `${f.v.title}: ${f.message}`).join('; ');
      setError(`${failed.length} of ${props.picked.length} failed (${names}${failed.length > 3 ? '; …' : ''}).`);
      return false;
    }
    return true;
  };
  return { go, busy, error };
}
