// csv.tsx: CSV files built in the browser from the results on screen (RFC 4180,
// UTF-8), offered as a download link to a Blob with a file name.
import { useEffect, useMemo } from 'preact/hooks';

/** A cell: text is quoted when it needs to be and defused when a spreadsheet would run it as a formula. */
function cell(v: string | number | null): string {
  if (v == null) return '';
  if (typeof v === 'number') return String(v);
  let s = v;
  if (/^[=+\-@\t\r]/.test(s)) s = "'" + s;
  return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

/** The CSV text of a header and rows (CRLF line ends). */
export function toCSV(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A link downloading the CSV of header and rows as filename. */
export function CSVLink(props: { filename: string; header: string[]; rows: (string | number | null)[][]; label: string }) {
  const text = useMemo(() => toCSV(props.header, props.rows), [props.header, props.rows]);
  const href = useMemo(() => URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' })), [text]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return <a class="btn csv-link" href={href} download={props.filename}>{props.label}</a>;
}
