// data.ts: the dataset queries of the Analytics screen (the time series, the
// ranked breakdowns, the map's views by country and the values the filters
// offer) and the reading of their answers.
import type { Unit } from './format';
import { apiFilters, filterDefs, type View, type Window } from './view';

/** A key of a result row. */
export interface Key { dimension: string; value: string | null }
/** A result row. */
export interface Row { keys: Key[]; value: number | null }
/** One metric's answer. */
export interface MetricResult { name: string; groupBys: string[]; total: number | null; rows: Row[] }
/** The dataset query's answer (null when no view matched). */
export interface Dataset { analytics: { startTime: string; endTime: string; granularity: string | null; metrics: MetricResult[] } | null }

/** The metrics charted over time, with their titles, units and CSV columns. */
export const seriesMetrics: { name: string; title: string; unit: Unit; column: string }[] = [
  { name: 'views', title: 'Views', unit: 'count', column: 'views' },
  { name: 'unique_viewers', title: 'Unique viewers', unit: 'count', column: 'unique_viewers' },
  { name: 'total_watch_time', title: 'Watch time', unit: 'seconds', column: 'watch_time_seconds' },
  { name: 'video_startup_time', title: 'Startup time', unit: 'ms', column: 'video_startup_time_ms' },
  { name: 'rebuffer_percentage', title: 'Rebuffering', unit: 'percent', column: 'rebuffer_percentage' },
  { name: 'total_media_error', title: 'Errors', unit: 'count', column: 'errors' },
];

/** The ranked breakdowns: [metric, dimension]; videos by views and by watch time. */
export const breakdowns: [string, string][] = [
  ['views', 'media_id'], ['total_watch_time', 'media_id'],
  ['views', 'country'], ['views', 'device_type'], ['views', 'browser'], ['views', 'os'],
];

/** How many items each ranked breakdown shows. */
export const breakdownLimit = 20;
/** How many values each filter offers (the most viewed in the range). */
export const optionLimit = 50;

function range(w: Window) {
  return { startTime: w.start.toISOString(), endTime: w.end.toISOString() };
}

/** The time series query: every charted metric by hour or day, in time order. */
export function seriesQuery(v: View, w: Window) {
  return { ...range(w), filters: apiFilters(v), groupBys: [w.interval], order: 'keys', metrics: seriesMetrics.map((m) => ({ name: m.name })) };
}

/** The breakdowns query: each ranking, largest first. */
export function breakdownQuery(v: View, w: Window) {
  return {
    ...range(w), filters: apiFilters(v), order: 'value_desc', limit: breakdownLimit,
    metrics: breakdowns.map(([name, dim]) => ({ name, groupBys: [dim] })),
  };
}

/** The world map's query: views by every country of the range (not only the top ranked), largest first. */
export function countryMapQuery(v: View, w: Window) {
  return { ...range(w), filters: apiFilters(v), order: 'value_desc', metrics: [{ name: 'views', groupBys: ['country'] }] };
}

/** The filters' choices: views by each filterable dimension over the range, unfiltered. */
export function optionsQuery(w: Window) {
  return {
    ...range(w), order: 'value_desc', limit: optionLimit,
    metrics: filterDefs.filter((f) => f.key !== 'user').map((f) => ({ name: 'views', groupBys: [f.dimension] })),
  };
}

/** The result of metric name grouped by dimension (the first group-by), if any. */
export function metric(d: Dataset | null, name: string, dimension?: string): MetricResult | undefined {
  return d?.analytics?.metrics.find((m) => m.name === name && (dimension ? m.groupBys[0] === dimension : true));
}

/** The value of a row's key of a dimension. */
export function keyOf(r: Row, dimension: string): string | null {
  return r.keys.find((k) => k.dimension === dimension)?.value ?? null;
}
