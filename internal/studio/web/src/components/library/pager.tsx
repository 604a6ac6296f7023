// pager.tsx: the Library's page navigation (Previous / Next over cursors, one
// page of 50 per request) and what the list says when it is empty: how to add
// a first video, fill a folder, or loosen the filters.
import { paths } from '../../routes';
import { Button } from '../../ui';
import type { FolderNode } from './folders';
import { isFiltered, UNFILED, type LibraryParams } from './params';

/** "51–100 of 234" and the buttons to the pages around it. */
export function Pager(props: {
  page: number; size: number; shown: number; total: number; hasNext: boolean; filtered: boolean;
  onNext: () => void; onPrevious: () => void;
}) {
  const { page, size, shown, total } = props;
  if (page === 1 && !props.hasNext) {
    return total ? <p class="muted pager-count">{total} video{total === 1 ? '' : 's'}{props.filtered ? ' match' : ''}</p> : null;
  }
  const first = (page - 1) * size + 1;
  return (
    <nav class="pager" aria-label="Pages of videos">
      <Button onClick={props.onPrevious} disabled={page === 1}>Previous page</Button>
      <span class="muted" aria-live="polite">{shown ? `${first}–${first + shown - 1} of ${total}` : `page ${page}, no video left`}</span>
      <Button onClick={props.onNext} disabled={!props.hasNext}>Next page</Button>
    </nav>
  );
}

/** The empty list: what to do next depends on why it is empty. */
export function EmptyLibrary(props: { projectID: string; params: LibraryParams; folder?: FolderNode; onClear: () => void }) {
  const { params } = props;
  const upload = <a href={paths.upload(props.projectID)}>Upload videos</a>;
  if (!isFiltered(params)) {
    return <div class="empty"><p>This project has no video yet.</p><p>{upload} to start: they appear here while they process.</p></div>;
  }
  const onlyFolder = !params.q && !params.status && !params.tag;
  if (onlyFolder && params.folder === UNFILED) {
    return <div class="empty"><p>Every video of this project is in a folder.</p></div>;
  }
  if (onlyFolder) {
    return (
      <div class="empty">
        <p>{props.folder ? `The folder ${props.folder.name}` : 'This folder'} holds no video directly.</p>
        <p>Drag videos onto it in the folder panel, or select videos under All videos and choose Move to folder. {upload} to add new ones.</p>
      </div>
    );
  }
  return (
    <div class="empty">
      <p>No video matches these filters.</p>
      <Button onClick={props.onClear}>Clear filters</Button>
    </div>
  );
}
