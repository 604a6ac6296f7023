// billing-usage.tsx: the period's usage of each metric the plan prices or
// limits, as labelled bars against the hard limit (else the included amount).
import { metricNames, quantity } from './billing-format';

/** One metric's usage this period (MetricUsage). */
export interface MetricUsage { metric: string; quantity: number; included: number; hardLimit: number | null; level: number }

/** A plan's metric as the bars need it. */
export interface PlanMetricLimit { metric: string; included: number; hardLimit: number | null }

/** One bar. */
function UsageBar(props: { u: MetricUsage }) {
  const { u } = props;
  const name = metricNames[u.metric] || u.metric;
  const limit = u.hardLimit ?? u.included;
  const pct = limit > 0 ? Math.min(100, (u.quantity / limit) * 100) : 0;
  const of = u.hardLimit != null ? `of a ${quantity(u.metric, u.hardLimit)} limit` : u.included > 0 ? `of ${quantity(u.metric, u.included)} included` : 'no limit';
  const text = `${quantity(u.metric, u.quantity)} ${of}`;
  const level = u.level >= 100 ? 'over' : u.level >= 80 ? 'near' : '';
  return (
    <li class="usage-item">
      <div class="usage-label"><span id={`usage-${u.metric}`}>{name}</span><span class="muted">{text}</span></div>
      {limit > 0 && (
        <div class={`progress usage-bar ${level}`} role="progressbar" aria-labelledby={`usage-${u.metric}`}
          aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)} aria-valuetext={text}>
          <div style={{ width: `${pct}%` }} />
        </div>
      )}
      {u.included > 0 && u.hardLimit != null && <small class="muted">{quantity(u.metric, u.included)} included; new uploads and playback stop at the limit.</small>}
      {level === 'over' && <small class="error-text">Limit reached.</small>}
      {level === 'near' && <small class="warn-text">Above 80 % of the limit.</small>}
    </li>
  );
}

/** The bars: the metered usage, and the plan's other metrics at zero (nothing metered yet this period). */
export function UsageBars(props: { usage: MetricUsage[]; metrics: PlanMetricLimit[] }) {
  const rows: MetricUsage[] = [...props.usage];
  for (const m of props.metrics) {
    if (!rows.some((r) => r.metric === m.metric)) rows.push({ metric: m.metric, quantity: 0, included: m.included, hardLimit: m.hardLimit, level: 0 });
  }
  if (!rows.length) return <p class="muted">The plan meters no usage.</p>;
  return <ul class="usage-list">{rows.map((u) => <UsageBar key={u.metric} u={u} />)}</ul>;
}
