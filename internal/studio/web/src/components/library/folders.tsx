// folders.tsx: the Library's folder panel: "All videos", "Unfiled" and the
// project's folder tree (depth first, indented). Choosing an entry filters the
// list; each folder is a drop target for dragged videos and folders, and can be
// dragged onto another folder (or "Unfiled", the root). The buttons under the
// tree act on the chosen folder: the keyboard's way to do what a drag does.
import { useState } from 'preact/hooks';
import { Button } from '../../ui';
import { isLibraryDrag, readDrop, setDraggedFolder } from './drag';
import { UNFILED } from './params';

/** A folder of the tree (FolderTreeNode). */
export interface FolderNode {
  id: string;
  name: string;
  parentID: string | null;
  depth: number;
  path: string[];
  childCount: number;
  videoCount: number;
}

/** What a drop onto the tree asks: move videos or a folder into a folder (null: the root). */
export interface TreeDrop {
  to: string | null;
  videos?: string[];
  folder?: string;
}

/** The folder actions the panel offers on the chosen folder. */
export type FolderAction = 'new' | 'rename' | 'move' | 'delete';

/** The side panel. selected is '' (all), UNFILED or a folder id. */
export function FolderPanel(props: {
  tree: FolderNode[];
  selected: string;
  onSelect: (folder: string) => void;
  onDrop: (drop: TreeDrop) => void;
  onAction: (action: FolderAction) => void;
}) {
  const { tree, selected } = props;
  const chosen = tree.find((f) => f.id === selected);
  return (
    <aside class="folder-panel" aria-labelledby="folders-heading">
      <h2 id="folders-heading">Folders</h2>
      <ul class="folder-tree">
        <Entry label="All videos" current={selected === ''} onSelect={() => props.onSelect('')} />
        <Entry label="Unfiled" current={selected === UNFILED} onSelect={() => props.onSelect(UNFILED)}
          dropTo={null} onDrop={props.onDrop} />
        {tree.map((f) => (
          <Entry key={f.id} label={f.name} count={f.videoCount} depth={f.depth + 1} folderID={f.id}
            current={selected === f.id} onSelect={() => props.onSelect(f.id)} dropTo={f.id} onDrop={props.onDrop} />
        ))}
      </ul>
      {!tree.length && <p class="muted small">No folder yet. Folders group videos; drag videos onto one to move them.</p>}
      <div class="folder-actions">
        <Button onClick={() => props.onAction('new')}>New folder</Button>
        {chosen && (
          <>
            <Button onClick={() => props.onAction('rename')} aria-label={`Rename folder ${chosen.name}`}>Rename</Button>
            <Button onClick={() => props.onAction('move')} aria-label={`Move folder ${chosen.name}`}>Move</Button>
            <Button kind="danger" onClick={() => props.onAction('delete')} aria-label={`Delete folder ${chosen.name}`}>Delete</Button>
          </>
        )}
      </div>
    </aside>
  );
}

/** One entry of the tree: a button choosing it; a drop target when dropTo is given (null: the root). */
function Entry(props: {
  label: string;
  current: boolean;
  onSelect: () => void;
  count?: number;
  depth?: number;
  folderID?: string;
  dropTo?: string | null;
  onDrop?: (drop: TreeDrop) => void;
}) {
  const [over, setOver] = useState(false);
  const droppable = props.dropTo !== undefined && props.onDrop;
  const handlers = droppable ? {
    onDragOver: (e: DragEvent) => {
      if (!isLibraryDrag(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      setOver(false);
      const d = readDrop(e);
      if (!d.videos && !d.folder) return;
      e.preventDefault();
      if (d.folder === props.dropTo) return;
      props.onDrop!({ to: props.dropTo ?? null, ...d });
    },
  } : {};
  const folderID = props.folderID;
  return (
    <li class={`folder-entry${over ? ' drop-over' : ''}`} data-depth={props.depth ?? 0}
      draggable={folderID ? true : undefined}
      onDragStart={folderID ? (e: DragEvent) => setDraggedFolder(e, folderID) : undefined}
      {...handlers}>
      <button type="button" class="folder-button" aria-current={props.current ? 'true' : undefined} onClick={props.onSelect}>
        {props.label}
      </button>
      {props.count !== undefined && <span class="count">{props.count}</span>}
    </li>
  );
}
