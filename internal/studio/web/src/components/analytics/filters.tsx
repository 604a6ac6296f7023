// filters.tsx: the Analytics screen's range and filters. Each change is
// written to the URL at once (the screen reads its view from there). The
// choices of each filter are the values seen in the range, most viewed first.
import { useId } from 'preact/hooks';
import { Button, Select } from '../../ui';
import { filterDefs, ranges, utcDay, type RangeKey, type View } from './view';

/** The values a filter offers: [value, label], most viewed first. */
export type FilterOptions = Record<string, [string, string][]>;

/** The range and filter controls of a view; onChange gets the changed view. */
export function Filters(props: { view: View; options: FilterOptions; onChange: (v: View) => void; now: number }) {
  const { view, onChange } = props;
  const setRange = (range: RangeKey) => {
    const next = { ...view, range };
    if (range === 'custom' && (!view.from || !view.to)) {
      next.from = utcDay(props.now - 6 * 86400000);
      next.to = utcDay(props.now);
    }
    onChange(next);
  };
  const setFilter = (key: string, value: string) => onChange({ ...view, filters: { ...view.filters, [key]: value } });
  const active = Object.values(view.filters).some(Boolean);
  return (
    <form class="card analytics-filters" role="search" aria-label="Range and filters" onSubmit={(e) => e.preventDefault()}>
      <Select label="Range" value={view.range} options={ranges}
        onChange={(e) => setRange((e.target as HTMLSelectElement).value as RangeKey)} />
      {view.range === 'custom' && (
        <>
          <DateInput label="Start date (UTC)" value={view.from} onChange={(from) => onChange({ ...view, from })} />
          <DateInput label="End date (UTC, included)" value={view.to} onChange={(to) => onChange({ ...view, to })} />
        </>
      )}
      {filterDefs.map((f) => f.key === 'user'
        ? <UserFilter key={f.key} label={f.label} value={view.filters.user || ''} onChange={(v) => setFilter('user', v)} />
        : <Select key={f.key} label={f.label} value={view.filters[f.key] || ''}
            options={withCurrent(props.options[f.key] || [], view.filters[f.key])}
            onChange={(e) => setFilter(f.key, (e.target as HTMLSelectElement).value)} />)}
      {active && <Button onClick={() => onChange({ ...view, filters: {} })}>Clear filters</Button>}
    </form>
  );
}

/** The choices of a select: All, the values seen, and the current one even when not seen in this range. */
function withCurrent(options: [string, string][], current: string | undefined): [string, string][] {
  const list: [string, string][] = [['', 'All'], ...options];
  if (current && !options.some(([v]) => v === current)) list.push([current, current]);
  return list;
}

/** A labelled date input (YYYY-MM-DD). */
function DateInput(props: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <input id={id} type="date" value={props.value}
        onChange={(e) => { const v = (e.target as HTMLInputElement).value; if (v) props.onChange(v); }} />
    </div>
  );
}

/** The player-reported user id filter (applied when the field changes: Enter or leaving it). */
function UserFilter(props: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <input id={id} type="search" value={props.value} placeholder="Any"
        onChange={(e) => props.onChange((e.target as HTMLInputElement).value.trim())} />
    </div>
  );
}
