// video-folders.tsx: the folder picker of a video's details: the project's
// folders a page of 50 at a time ("More folders" loads the next page).
import { useEffect, useState } from 'preact/hooks';
import { gql } from '../api';
import { Button, ErrorBox, Select } from '../ui';

interface FolderNode { id: string; name: string }

/** A select of the project's folders (and "No folder"); current is shown even before its page is loaded. */
export function FolderSelect(props: { projectID: string; value: string; current: FolderNode | null; onChange: (id: string) => void }) {
  const [folders, setFolders] = useState<FolderNode[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const load = async (after: string | null) => {
    setBusy(true);
    try {
      const r = await gql('VideoFolders', { projectID: props.projectID, after });
      const page = r.folders.edges.map((e: { node: FolderNode }) => e.node);
      setFolders((old) => (after ? [...old, ...page] : page));
      setCursor(r.folders.pageInfo.endCursor);
      setMore(r.folders.pageInfo.hasNextPage);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => { load(null); }, [props.projectID]);
  const options: [string, string][] = [['', 'No folder']];
  if (props.current && !folders.some((f) => f.id === props.current!.id)) options.push([props.current.id, props.current.name]);
  for (const f of folders) options.push([f.id, f.name]);
  return (
    <div class="video-folder">
      <Select label="Folder" name="folder" options={options} value={props.value}
        onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)} />
      {more && <Button busy={busy} onClick={() => load(cursor)}>More folders</Button>}
      <ErrorBox error={error} />
    </div>
  );
}
