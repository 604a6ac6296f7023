// params.ts: the Library screen's view (search, status, sort, folder, tag) kept
// in the URL's query string, so a reload or a shared link shows the same list;
// and the GraphQL filter and order that view asks for.
import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';

/** What the list shows; empty strings mean "no filter". */
export interface LibraryParams {
  /** Words the title contains (any case). */
  q: string;
  /** A VideoStatus, or ''. */
  status: string;
  /** "FIELD:DIRECTION", e.g. "CREATED_AT:DESC". */
  sort: string;
  /** A folder id, UNFILED for the videos outside every folder, or '' for all. */
  folder: string;
  /** A tag id, or ''. */
  tag: string;
}

/** The folder filter value of the videos outside every folder. */
export const UNFILED = 'unfiled';

/** The default order: newest first. */
export const DEFAULT_SORT = 'CREATED_AT:DESC';

const keys: (keyof LibraryParams)[] = ['q', 'status', 'sort', 'folder', 'tag'];

/** The view in the URL, and the function that changes part of it (replacing the history entry). */
export function useLibraryParams(): [LibraryParams, (patch: Partial<LibraryParams>) => void] {
  const { path, query, route } = useLocation();
  const params: LibraryParams = {
    q: query.q || '', status: query.status || '', sort: query.sort || DEFAULT_SORT,
    folder: query.folder || '', tag: query.tag || '',
  };
  const set = (patch: Partial<LibraryParams>) => {
    const next = { ...params, ...patch };
    const search = new URLSearchParams();
    for (const k of keys) {
      if (next[k] && !(k === 'sort' && next[k] === DEFAULT_SORT)) search.set(k, next[k]);
    }
    const s = search.toString();
    route(path + (s ? '?' + s : ''), true);
  };
  return [params, set];
}

/** The VideoWhereInput of a view of project's videos. */
export function videoWhere(projectID: string, p: LibraryParams): Record<string, unknown> {
  const where: Record<string, unknown> = { projectID };
  if (p.q) where.titleContainsFold = p.q;
  if (p.status) where.status = p.status;
  if (p.folder === UNFILED) where.folderIDIsNil = true;
  else if (p.folder) where.folderID = p.folder;
  if (p.tag) where.hasTagsWith = [{ id: p.tag }];
  return where;
}

/** The VideoOrder of a "FIELD:DIRECTION" sort value. */
export function videoOrder(sort: string): { field: string; direction: string } {
  const [field, direction] = (sort || DEFAULT_SORT).split(':');
  return { field, direction: direction === 'ASC' ? 'ASC' : 'DESC' };
}

/** True when the view filters anything (a search, status, folder or tag). */
export function isFiltered(p: LibraryParams): boolean {
  return Boolean(p.q || p.status || p.folder || p.tag);
}

/** value, once it has stopped changing for ms milliseconds. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
