// paging.tsx: cursor paging (first: 50, after) with a stack of the cursors
// walked, so "Previous" goes back without fetching more than one page.
import { useState } from 'preact/hooks';
import { Button } from '../../ui';

/** The page size of every live list. */
export const pageSize = 50;

/** The cursor of the page shown and the moves between pages. */
export function useCursor() {
  const [stack, setStack] = useState<string[]>([]);
  return {
    after: stack.length ? stack[stack.length - 1] : null,
    page: stack.length + 1,
    next: (endCursor: string) => setStack([...stack, endCursor]),
    previous: () => setStack(stack.slice(0, -1)),
    first: () => setStack([]),
  };
}

/** Previous and Next buttons of a paged list (label names the list). */
export function Pager(props: { label: string; cursor: ReturnType<typeof useCursor>; pageInfo: { hasNextPage: boolean; endCursor: string | null }; total: number }) {
  const { cursor, pageInfo } = props;
  if (cursor.page === 1 && !pageInfo.hasNextPage) return null;
  return (
    <nav class="row live-pager" aria-label={`${props.label} pages`}>
      <Button onClick={cursor.previous} disabled={cursor.page === 1}>Previous page</Button>
      <span class="muted">Page {cursor.page} of {Math.max(1, Math.ceil(props.total / pageSize))}</span>
      <Button onClick={() => pageInfo.endCursor && cursor.next(pageInfo.endCursor)} disabled={!pageInfo.hasNextPage}>Next page</Button>
    </nav>
  );
}
