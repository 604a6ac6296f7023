// paged.ts: a list read a page at a time (first: 50, after: the last cursor),
// for the billing connections (invoices, transactions).
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, gql, type Operation } from '../../api';

/** The size of a page. */
export const pageSize = 50;

interface Connection<T> { edges: { node: T }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }

/** The state of a paged list: its items so far, whether more exist, and how to load them. */
export interface Paged<T> {
  items: T[] | null;
  error: ApiError | null;
  loading: boolean;
  hasMore: boolean;
  more: () => Promise<void>;
  reload: () => Promise<void>;
}

/** Reads the connection field of a persisted query a page at a time. */
export function usePaged<T>(name: Operation, field: string): Paged<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(false);
  const cursor = useRef<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const load = useCallback(async (after: string | null) => {
    setLoading(true);
    try {
      const data = await gql<Record<string, Connection<T>>>(name, { first: pageSize, after });
      const c = data[field];
      const page = c.edges.map((e) => e.node);
      setItems((old) => (after && old ? [...old, ...page] : page));
      cursor.current = c.pageInfo.endCursor;
      setHasMore(c.pageInfo.hasNextPage);
      setError(null);
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setLoading(false);
    }
  }, [name, field]);
  useEffect(() => { load(null); }, [load]);
  return { items, error, loading, hasMore, more: () => load(cursor.current), reload: () => load(null) };
}
