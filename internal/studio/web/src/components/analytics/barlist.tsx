// barlist.tsx: a ranked breakdown (top videos, countries, devices...) as a
// table whose last column draws each value as a bar proportional to the
// largest, with the CSV of the same rows.
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { CSVLink } from './csv';
import { formatValue, type Unit } from './format';

/** One ranked item: its key (the dimension's value), its label or link, and its value. */
export interface BarItem { key: string; label: string; href?: string; value: number }

/** A titled ranked list with bars and a CSV download. */
export function BarList(props: {
  title: string; column: string; metric: string; unit: Unit; items: BarItem[];
  csv: { filename: string; header: string[]; rows: (string | number | null)[][] };
  controls?: ComponentChildren;
}) {
  const id = useId();
  const max = Math.max(...props.items.map((i) => i.value), 0);
  return (
    <section class="card breakdown" aria-labelledby={id}>
      <div class="chart-head">
        <h2 id={id}>{props.title}</h2>
        {props.controls}
      </div>
      {props.items.length === 0 ? <p class="muted">No views to rank.</p> : (
        <table class="bar-table">
          <thead><tr><th scope="col">{props.column}</th><th scope="col">{props.metric}</th><th scope="col"><span class="visually-hidden">Share of the top</span></th></tr></thead>
          <tbody>
            {props.items.map((i) => (
              <tr key={i.key}>
                <th scope="row">{i.href ? <a href={i.href}>{i.label}</a> : i.label}</th>
                <td class="num">{formatValue(i.value, props.unit)}</td>
                <td class="bar-cell" aria-hidden="true">
                  <div class="bar" style={{ width: `${max > 0 ? Math.max((i.value / max) * 100, 1) : 0}%` }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.items.length > 0 && (
        <CSVLink filename={props.csv.filename} header={props.csv.header} rows={props.csv.rows} label={`Download ${props.title.toLowerCase()} (CSV)`} />
      )}
    </section>
  );
}
