// videotable.tsx: one page of the Library's videos as a table: a checkbox per
// row (labelled with the title), a preview, the title linking to the video, its
// tags, status, duration, size and creation time. Rows are draggable onto the
// folder tree (the selection when the row is selected, else the row alone).
import { paths } from '../../routes';
import { bytes, duration, when } from '../../ui';
import { setDraggedVideos } from './drag';

/** A video as the library lists it (fragment LibraryVideoRow). */
export interface VideoRow {
  id: string;
  title: string;
  status: string;
  duration: number;
  size: number;
  createdAt: string;
  folderID: string | null;
  thumbnailURL: string | null;
  tags: { totalCount: number; edges: { node: { id: string; name: string } }[] };
}

/** The table of one page; selected holds the ids checked. */
export function VideoTable(props: {
  projectID: string;
  videos: VideoRow[];
  selected: Set<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
}) {
  const { videos, selected } = props;
  const all = videos.length > 0 && videos.every((v) => selected.has(v.id));
  const onDragStart = (v: VideoRow) => (e: DragEvent) => {
    const ids = selected.has(v.id) ? videos.filter((x) => selected.has(x.id)).map((x) => x.id) : [v.id];
    setDraggedVideos(e, ids);
  };
  return (
    <table class="library-table" aria-label="Videos">
      <thead>
        <tr>
          <th scope="col" class="check">
            <input type="checkbox" aria-label="Select every video of this page" checked={all}
              onChange={(e) => props.onToggleAll((e.target as HTMLInputElement).checked)} />
          </th>
          <th scope="col">Preview</th>
          <th scope="col">Title</th>
          <th scope="col">Status</th>
          <th scope="col">Duration</th>
          <th scope="col">Size</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {videos.map((v) => (
          <tr key={v.id} draggable onDragStart={onDragStart(v)} class={selected.has(v.id) ? 'selected' : undefined}>
            <td class="check">
              <input type="checkbox" aria-label={v.title} checked={selected.has(v.id)}
                onChange={(e) => props.onToggle(v.id, (e.target as HTMLInputElement).checked)} />
            </td>
            <td class="thumb">
              {v.thumbnailURL
                ? <img src={v.thumbnailURL} alt={`Preview of ${v.title}`} width={96} height={54} loading="lazy" draggable={false} />
                : <span class="no-thumb">No preview yet</span>}
            </td>
            <td>
              <a href={paths.video(props.projectID, v.id)} draggable={false}>{v.title}</a>
              <TagList tags={v.tags} />
            </td>
            <td><span class={`badge ${v.status}`}>{v.status}</span></td>
            <td>{v.status === 'ready' || v.duration ? duration(v.duration) : '—'}</td>
            <td>{v.size ? bytes(v.size) : '—'}</td>
            <td>{when(v.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A row's tags (the first ten, and how many more). */
function TagList(props: { tags: VideoRow['tags'] }) {
  const list = props.tags.edges.map((e) => e.node);
  if (!list.length) return null;
  const more = props.tags.totalCount - list.length;
  return (
    <ul class="tag-list" aria-label="Tags">
      {list.map((t) => <li key={t.id} class="tag">{t.name}</li>)}
      {more > 0 && <li class="muted">+{more}</li>}
    </ul>
  );
}
