// pager.tsx: cursor paging for the admin lists: one page (first: 50) at a time,
// Previous and Next keep the cursors walked so far, never more than a page in memory.
import { useState } from 'preact/hooks';
import { Button } from '../ui';

/** Where a list is: the cursor of its current page and how to move. */
export interface Cursor {
  after: string | null;
  page: number;
  next: (endCursor: string) => void;
  previous: () => void;
  reset: () => void;
}

/** The cursor state of one list (starts at the first page). */
export function useCursor(): Cursor {
  const [stack, setStack] = useState<(string | null)[]>([null]);
  return {
    after: stack[stack.length - 1],
    page: stack.length,
    next: (endCursor) => setStack((s) => [...s, endCursor]),
    previous: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
    reset: () => setStack([null]),
  };
}

/** Previous and Next buttons with the page number and the list's total. */
export function Pager(props: { cursor: Cursor; pageInfo: { hasNextPage: boolean; endCursor: string | null }; total: number; label: string }) {
  const { cursor, pageInfo } = props;
  if (cursor.page === 1 && !pageInfo.hasNextPage) return null;
  return (
    <nav class="row pager" aria-label={`${props.label} pages`}>
      <Button onClick={cursor.previous} disabled={cursor.page === 1}>Previous</Button>
      <span class="muted">Page {cursor.page} · {props.total} in all</span>
      <Button onClick={() => pageInfo.endCursor && cursor.next(pageInfo.endCursor)} disabled={!pageInfo.hasNextPage}>Next</Button>
    </nav>
  );
}
