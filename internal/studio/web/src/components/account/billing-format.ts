// billing-format.ts: how the Billing screen writes money (integer minor units
// of an ISO 4217 currency), metered quantities and the subscription record's
// timestamps (0001-01-01 when not set).
import { when } from '../../ui';

/** An amount in minor units as money in its currency (EUR 12.34 → "€12.34" in the reader's locale). */
export function money(minor: number, currency: string): string {
  try {
    const f = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
    return f.format(minor / 10 ** digits);
  } catch {
    return `${currency} ${minor}`;
  }
}

/** What a metric is called on screen. */
export const metricNames: Record<string, string> = {
  delivered_bytes: 'Delivered data',
  delivered_seconds: 'Delivered minutes',
  stored_byte_seconds: 'Storage',
  stored_video_seconds: 'Stored video',
  encoded_output_seconds: 'Encoded minutes',
  live_input_seconds: 'Live input',
  caption_cpu_seconds: 'Caption processing',
};

/** A byte count in decimal units (kB, MB, GB, TB), as plans and invoices count data. */
export function dataSize(n: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];
  let i = 0;
  let v = n;
  while (v >= 1000 && i < units.length - 1) { v /= 1000; i++; }
  return `${i ? Number(v.toFixed(1)).toLocaleString() : v} ${units[i]}`;
}

/** A metered quantity in the metric's unit. */
export function quantity(metric: string, n: number): string {
  if (metric === 'delivered_bytes') return dataSize(n);
  if (metric === 'stored_byte_seconds') return `${dataSize(n / 3600)}·h`;
  if (metric.endsWith('_seconds')) {
    const minutes = n / 60;
    return minutes >= 120 ? `${(minutes / 60).toFixed(1)} h` : `${Math.round(minutes)} min`;
  }
  return n.toLocaleString();
}

/** A subscription record's time, or '' when it is the zero time (not set). */
export function recordTime(s: string | null | undefined): string {
  if (!s || s.startsWith('0001-01-01')) return '';
  return when(s);
}

/** A date without the time. */
export function day(s: string | null | undefined): string {
  if (!s || s.startsWith('0001-01-01')) return '—';
  return new Date(s).toLocaleDateString();
}
