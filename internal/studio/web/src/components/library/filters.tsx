// filters.tsx: the Library's search box, status, tag and sort controls. The
// search is sent ~300 ms after the last key, and every choice lands in the URL.
import { useEffect, useRef, useState } from 'preact/hooks';
import { Field, Select } from '../../ui';
import { useDebounced, type LibraryParams } from './params';

/** The statuses a video can have (VideoStatus), with their labels. */
export const STATUS_OPTIONS: [string, string][] = [
  ['', 'Any status'], ['created', 'Created'], ['uploading', 'Uploading'], ['processing', 'Processing'],
  ['ready', 'Ready'], ['failed', 'Failed'], ['live', 'Live'],
];

const SORT_OPTIONS: [string, string][] = [
  ['CREATED_AT:DESC', 'Newest first'], ['CREATED_AT:ASC', 'Oldest first'],
  ['TITLE:ASC', 'Title, A to Z'], ['TITLE:DESC', 'Title, Z to A'],
  ['DURATION:DESC', 'Longest first'], ['DURATION:ASC', 'Shortest first'],
  ['STATUS:ASC', 'Status, A to Z'], ['STATUS:DESC', 'Status, Z to A'],
];

/** The filter bar; tags are the project's (id, name). */
export function LibraryFilters(props: {
  params: LibraryParams;
  set: (patch: Partial<LibraryParams>) => void;
  tags: { id: string; name: string }[];
}) {
  const { params, set } = props;
  const [text, setText] = useState(params.q);
  const settled = useDebounced(text.trim(), 300);
  const sent = useRef(params.q);
  useEffect(() => {
    if (settled === params.q) return;
    sent.current = settled;
    set({ q: settled });
  }, [settled]);
  // A change of the URL from elsewhere ("Clear filters", a link) shows in the box.
  useEffect(() => {
    if (params.q === sent.current) return;
    sent.current = params.q;
    setText(params.q);
  }, [params.q]);
  const onSelect = (key: keyof LibraryParams) => (e: Event) => set({ [key]: (e.target as HTMLSelectElement).value });
  return (
    <div class="library-filters" role="search">
      <Field label="Search titles" name="q" type="search" value={text}
        onInput={(e) => setText((e.target as HTMLInputElement).value)} />
      <Select label="Status" options={STATUS_OPTIONS} value={params.status} onChange={onSelect('status')} />
      {props.tags.length > 0 && (
        <Select label="Tag" options={[['', 'Any tag'], ...props.tags.map((t): [string, string] => [t.id, t.name])]}
          value={params.tag} onChange={onSelect('tag')} />
      )}
      <Select label="Sort by" options={SORT_OPTIONS} value={params.sort} onChange={onSelect('sort')} />
    </div>
  );
}
