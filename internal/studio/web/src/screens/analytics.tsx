// analytics.tsx: a project's analytics: the range and filters (kept in the
// URL), the viewers now (live), the totals, charts over time (uPlot, each with
// its data table), a world map of views by country, the ranked breakdowns, and
// CSV files of each, built in the browser from the same answers.
import { useLocation } from 'preact-iso';
import { useMemo, useState } from 'preact/hooks';
import { useProjectID } from '../app';
import { paths } from '../routes';
import { Button, ErrorBox, Page, useQuery } from '../ui';
import { Breakdowns, videoTitle } from '../components/analytics/breakdowns';
import { CSVLink } from '../components/analytics/csv';
import { breakdownQuery, countryMapQuery, keyOf, metric, optionsQuery, seriesMetrics, seriesQuery, type Dataset } from '../components/analytics/data';
import { Filters, type FilterOptions } from '../components/analytics/filters';
import { countryName, formatValue, plainLabel } from '../components/analytics/format';
import { ViewersNow } from '../components/analytics/live';
import { TimeChart } from '../components/analytics/timechart';
import { WorldMap } from '../components/analytics/worldmap';
import { filterDefs, readView, utcDay, viewWindow, writeView, type View } from '../components/analytics/view';

interface Names { videos: { edges: { node: { id: string; title: string } }[] }; folders: { edges: { node: { id: string; name: string } }[] } }

/** The Analytics screen (route /studio/projects/:project/analytics). */
export function Analytics() {
  const projectId = useProjectID();
  const { path, query, route } = useLocation();
  const search = writeView(readView(query));
  const view = useMemo(() => readView(Object.fromEntries(new URLSearchParams(search))), [search]);
  const [now, setNow] = useState(() => Date.now());
  const win = useMemo(() => viewWindow(view, now), [view, now]);
  const skip = !!win.error;
  const series = useQuery<Dataset>('AnalyticsDataset', { projectId, query: seriesQuery(view, win) }, skip);
  const ranked = useQuery<Dataset>('AnalyticsDataset', { projectId, query: breakdownQuery(view, win) }, skip);
  const options = useQuery<Dataset>('AnalyticsDataset', { projectId, query: optionsQuery(win) }, skip);
  const countries = useQuery<Dataset>('AnalyticsDataset', { projectId, query: countryMapQuery(view, win) }, skip);
  const names = useNames(projectId, view, options.data, ranked.data);
  const change = (v: View) => {
    const qs = writeView(v);
    route(path + (qs ? '?' + qs : ''));
  };
  // A new hour (or day) moves the window, which runs the queries again; else they are rerun.
  const refresh = () => {
    const t = Date.now();
    if (viewWindow(view, t).start.getTime() !== win.start.getTime()) setNow(t);
    else { series.reload(); ranked.reload(); options.reload(); countries.reload(); }
  };
  const file = (what: string) => `analytics-${what}-${utcDay(win.start)}_${utcDay(win.end.getTime() - 1)}.csv`;
  const busy = series.loading || ranked.loading || countries.loading;
  return (
    <Page title="Analytics" actions={<Button onClick={refresh} busy={busy}>Refresh</Button>}>
      <Filters view={view} options={filterOptions(options.data, names)} onChange={change} now={now} />
      {win.error && <p class="error-box" role="alert">{win.error}</p>}
      <div class="analytics-top">
        <ViewersNow projectId={projectId} videoId={view.filters.video} />
        {series.data?.analytics && <Totals data={series.data} />}
      </div>
      <ErrorBox error={series.error || ranked.error || options.error || countries.error} />
      {!skip && !series.data && !series.error && <p class="muted" aria-busy="true">Loading…</p>}
      {series.data && !series.data.analytics && <Empty projectId={projectId} filtered={Object.keys(view.filters).length > 0} />}
      {series.data?.analytics && (
        <div aria-busy={busy ? 'true' : undefined}>
          <Charts data={series.data} hourly={win.interval === 'time_interval_hour'} file={file('timeseries')} />
          {countries.data?.analytics && <WorldMap data={countries.data} />}
          {ranked.data?.analytics && <Breakdowns projectId={projectId} data={ranked.data} names={names} file={file} />}
        </div>
      )}
    </Page>
  );
}

/** The titles of the videos and names of the folders the screen shows (null while they load). */
function useNames(projectId: string, view: View, options: Dataset | null, ranked: Dataset | null): Map<string, string> | null {
  const ids = (d: Dataset | null, dim: string) => (d?.analytics?.metrics || [])
    .filter((m) => m.groupBys[0] === dim).flatMap((m) => m.rows.map((r) => keyOf(r, dim))).filter((v): v is string => !!v);
  const videoIds = [...new Set([...ids(options, 'media_id'), ...ids(ranked, 'media_id'), ...(view.filters.video ? [view.filters.video] : [])])].sort();
  const folderIds = [...new Set([...ids(options, 'folder_id'), ...(view.filters.folder ? [view.filters.folder] : [])])].sort();
  const q = useQuery<Names>('AnalyticsNames', { projectId, videoIds, folderIds }, !videoIds.length && !folderIds.length);
  return useMemo(() => {
    if (!q.data) return videoIds.length || folderIds.length ? null : new Map();
    const m = new Map<string, string>();
    q.data.videos.edges.forEach((e) => m.set(e.node.id, e.node.title));
    q.data.folders.edges.forEach((e) => m.set(e.node.id, e.node.name));
    return m;
  }, [q.data, videoIds.length, folderIds.length]);
}

/** Each filter's choices from the options answer, labelled (country names, video titles, folder names). */
function filterOptions(d: Dataset | null, names: Map<string, string> | null): FilterOptions {
  const out: FilterOptions = {};
  for (const f of filterDefs) {
    const rows = metric(d, 'views', f.dimension)?.rows || [];
    const label = (v: string) => f.key === 'country' ? countryName(v)
      : f.key === 'video' ? videoTitle(names, v)
      : f.key === 'folder' ? names?.get(v) ?? `Folder ${v.slice(0, 8)}` : plainLabel(v);
    out[f.key] = rows.map((r) => keyOf(r, f.dimension)).filter((v): v is string => !!v).map((v) => [v, label(v)]);
  }
  return out;
}

/** The range's totals of each charted metric. */
function Totals(props: { data: Dataset }) {
  return (
    <section class="card totals" aria-labelledby="totals-title">
      <h2 id="totals-title">In this range</h2>
      <dl>
        {seriesMetrics.map((m) => (
          <div key={m.name}>
            <dt>{m.title}</dt>
            <dd>{formatValue(metric(props.data, m.name)?.total, m.unit)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A chart per metric over time, and the CSV of them all. */
function Charts(props: { data: Dataset; hourly: boolean; file: string }) {
  const a = props.data.analytics!;
  const dim = a.granularity || '';
  const times = (metric(props.data, 'views')?.rows || []).map((r) => keyOf(r, dim) || '');
  const perMetric = useMemo(() => seriesMetrics.map((m) => {
    const byTime = new Map((metric(props.data, m.name)?.rows || []).map((r) => [keyOf(r, dim), r.value]));
    return { times, values: times.map((t) => byTime.get(t) ?? null) };
  }), [props.data]);
  const csvRows = useMemo(() => times.map((t, i) => [t, ...perMetric.map((s) => s.values[i])]), [perMetric]);
  return (
    <section aria-labelledby="over-time-title" class="over-time">
      <div class="chart-head">
        <h2 id="over-time-title">Over time <span class="muted small">(UTC, by {props.hourly ? 'hour' : 'day'})</span></h2>
        <CSVLink filename={props.file} label="Download time series (CSV)"
          header={['time_utc', ...seriesMetrics.map((m) => m.column)]} rows={csvRows} />
      </div>
      <div class="charts">
        {seriesMetrics.map((m, i) => <TimeChart key={m.name} title={m.title} unit={m.unit} hourly={props.hourly} series={perMetric[i]} />)}
      </div>
    </section>
  );
}

/** What the screen says before the player has reported any view in the range. */
function Empty(props: { projectId: string; filtered: boolean }) {
  if (props.filtered) return <p class="empty">No views match these filters in this range. Try a longer range or clear the filters.</p>;
  return (
    <p class="empty">
      No views in this range. Views appear once the player is used: share a video or embed it on a site
      (from its page in the <a href={paths.library(props.projectId)}>library</a>), and its views show here seconds after they are played.
    </p>
  );
}
