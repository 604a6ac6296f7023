// view.ts: what the Analytics screen shows (time range and filters), read from
// and written to the URL's query string so a reload or a shared link shows the
// same view, and turned into the dataset query's range, interval and filters.

/** The ranges offered; custom reads its start and end dates (UTC days) from the URL. */
export type RangeKey = '24h' | '7d' | '30d' | 'custom';

/** The range choices of the Range select. */
export const ranges: [RangeKey, string][] = [
  ['24h', 'Last 24 hours'], ['7d', 'Last 7 days'], ['30d', 'Last 30 days'], ['custom', 'Custom dates'],
];

/** A filter the screen offers: its URL parameter, the dataset dimension it compares, its label. */
export interface FilterDef { key: string; dimension: string; label: string }

/** The filters, in the order of the form (each is an equal filter of the dataset query). */
export const filterDefs: FilterDef[] = [
  { key: 'folder', dimension: 'folder_id', label: 'Folder' },
  { key: 'video', dimension: 'media_id', label: 'Video' },
  { key: 'country', dimension: 'country', label: 'Country' },
  { key: 'device', dimension: 'device_type', label: 'Device' },
  { key: 'os', dimension: 'os', label: 'Operating system' },
  { key: 'browser', dimension: 'browser', label: 'Browser' },
  { key: 'player', dimension: 'player_software', label: 'Player' },
  { key: 'stream', dimension: 'stream_type', label: 'Stream type' },
  { key: 'user', dimension: 'user_id', label: 'Viewer user id' },
];

/** The screen's state as the URL holds it. */
export interface View {
  range: RangeKey;
  /** Custom range: first and last UTC day (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  /** Filter values by FilterDef.key; absent means all. */
  filters: Record<string, string>;
}

/** The query window the dataset query runs over, or why there is none. */
export interface Window {
  start: Date;
  end: Date;
  interval: 'time_interval_hour' | 'time_interval_day';
  error: string;
}

const day = 86400000;
const hour = 3600000;
const dateRe = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the view from the URL's query parameters (unknown values fall back to the defaults). */
export function readView(query: Record<string, string>): View {
  const range = ranges.some(([k]) => k === query.range) ? (query.range as RangeKey) : '7d';
  const filters: Record<string, string> = {};
  for (const f of filterDefs) if (query[f.key]) filters[f.key] = query[f.key];
  return { range, from: query.from || '', to: query.to || '', filters };
}

/** The query string of a view (without '?'); defaults are left out. */
export function writeView(v: View): string {
  const q = new URLSearchParams();
  if (v.range !== '7d') q.set('range', v.range);
  if (v.range === 'custom') {
    if (v.from) q.set('from', v.from);
    if (v.to) q.set('to', v.to);
  }
  for (const f of filterDefs) if (v.filters[f.key]) q.set(f.key, v.filters[f.key]);
  return q.toString();
}

/** A UTC day as YYYY-MM-DD. */
export function utcDay(t: Date | number): string {
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * The window of a view at time now: the presets end with the current hour (24 h,
 * 7 days: hourly buckets) or day (30 days: daily); a custom range covers its
 * UTC days, hourly up to 7 days, daily beyond (the API allows 400 days).
 */
export function viewWindow(v: View, now: number): Window {
  const thisHour = Math.floor(now / hour) * hour;
  const today = Math.floor(now / day) * day;
  const w = (start: number, end: number, interval: Window['interval'], error = ''): Window =>
    ({ start: new Date(start), end: new Date(end), interval, error });
  switch (v.range) {
    case '24h': return w(thisHour - 23 * hour, thisHour + hour, 'time_interval_hour');
    case '30d': return w(today - 29 * day, today + day, 'time_interval_day');
    case 'custom': {
      if (!dateRe.test(v.from) || !dateRe.test(v.to)) return w(today, today, 'time_interval_day', 'Choose a start and an end date.');
      const start = Date.parse(v.from + 'T00:00:00Z');
      const end = Date.parse(v.to + 'T00:00:00Z') + day;
      if (!(start < end)) return w(start, end, 'time_interval_day', 'The end date must be on or after the start date.');
      if (end - start > 400 * day) return w(start, end, 'time_interval_day', 'A range covers at most 400 days.');
      return w(start, end, end - start <= 7 * day ? 'time_interval_hour' : 'time_interval_day');
    }
    default: return w(thisHour - 167 * hour, thisHour + hour, 'time_interval_hour');
  }
}

/** The dataset query's filters of a view. */
export function apiFilters(v: View): { field: string; operator: string; values: string[] }[] {
  return filterDefs.filter((f) => v.filters[f.key]).map((f) => ({ field: f.dimension, operator: 'equal', values: [v.filters[f.key]] }));
}
