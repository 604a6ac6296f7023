// timechart.tsx: one metric over time, drawn by uPlot on a canvas (hidden from
// screen readers), with its numbers as a table: visually hidden, so screen
// readers read it, until "Show as table" shows it to everyone below the chart. uPlot is
// imported here only, so it is in the Analytics screen's chunk alone.
import uPlot from 'uplot';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { axisValue, bucketLabel, formatValue, type Unit } from './format';

/** A series: bucket start times (ISO, UTC) and their values. */
export interface Series { times: string[]; values: (number | null)[] }

/** A chart with a heading, and its data table. */
export function TimeChart(props: { title: string; unit: Unit; hourly: boolean; series: Series }) {
  const [table, setTable] = useState(false);
  const id = useId();
  const { times, values } = props.series;
  return (
    <section class="card chart-card" aria-labelledby={id}>
      <div class="chart-head">
        <h3 id={id}>{props.title}</h3>
        <button type="button" class="btn btn-plain btn-small" aria-expanded={table} aria-controls={id + '-table'}
          onClick={() => setTable(!table)}>{table ? 'Hide table' : 'Show as table'}</button>
      </div>
      <Plot title={props.title} unit={props.unit} series={props.series} />
      <div id={id + '-table'} class={table ? 'chart-table' : 'visually-hidden'}
        {...(table ? { tabIndex: 0, role: 'region', 'aria-label': `${props.title}, data table` } : {})}>
        <table>
          <caption>{props.title} by {props.hourly ? 'hour' : 'day'} (UTC)</caption>
          <thead><tr><th scope="col">{props.hourly ? 'Hour (UTC)' : 'Day (UTC)'}</th><th scope="col">{props.title}</th></tr></thead>
          <tbody>
            {times.map((t, i) => (
              <tr key={t}><th scope="row">{bucketLabel(t, props.hourly)}</th><td>{formatValue(values[i], props.unit)}</td></tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The uPlot canvas, sized to its container and redrawn when the data change. */
function Plot(props: { title: string; unit: Unit; series: Series }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const xs = props.series.times.map((t) => Date.parse(t) / 1000);
    const unit = props.unit;
    // Averages have no value in buckets without views: their points are drawn,
    // or a lone bucket with views would not show.
    const averaged = unit === 'ms' || unit === 'percent';
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height: 180,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      cursor: { drag: { x: false, y: false } },
      legend: { show: true, live: true },
      scales: { y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      series: [
        { label: 'UTC', value: '{YYYY}-{MM}-{DD} {HH}:{mm}' },
        {
          label: props.title, stroke: '#1f5fd6', fill: 'rgba(31, 95, 214, 0.12)', width: 2,
          points: { show: xs.length < 40 || averaged, size: 6, fill: '#1f5fd6' }, value: (_u, v) => formatValue(v, unit),
        },
      ],
      axes: [
        { stroke: '#4f5a6b', grid: { stroke: '#e8ebf0' }, ticks: { stroke: '#d5dae2' } },
        { stroke: '#4f5a6b', grid: { stroke: '#e8ebf0' }, ticks: { stroke: '#d5dae2' }, size: 64,
          values: (_u, ticks) => ticks.map((v) => axisValue(v, unit)) },
      ],
    };
    const plot = new uPlot(opts, [xs, props.series.values as number[]], el);
    let width = opts.width;
    let frame = 0;
    const resize = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const w = Math.max(el.clientWidth, 200);
        if (w !== width) plot.setSize({ width: (width = w), height: 180 });
      });
    });
    resize.observe(el);
    return () => { cancelAnimationFrame(frame); resize.disconnect(); plot.destroy(); };
  }, [props.series, props.unit, props.title]);
  return <div ref={ref} class="plot" aria-hidden="true" />;
}
