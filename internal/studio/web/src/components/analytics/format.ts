// format.ts: how the Analytics screen writes its figures (counts, watch time,
// milliseconds, percentages, UTC times) and names dimension values (country
// names from Intl.DisplayNames, devices, empty values).

/** The units of the metrics the screen shows. */
export type Unit = 'count' | 'seconds' | 'ms' | 'percent';

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** A metric's value as people read it (null: no data, an average over nothing). */
export function formatValue(v: number | null | undefined, unit: Unit): string {
  if (v == null) return '—';
  switch (unit) {
    case 'seconds': return watchTime(v);
    case 'ms': return `${integer.format(v)} ms`;
    case 'percent': return `${decimal.format(v)} %`;
    default: return integer.format(v);
  }
}

/** A watch time in seconds as "3 h 20 min", "12 min 5 s" or "40 s". */
export function watchTime(s: number): string {
  const t = Math.round(s);
  const h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), sec = t % 60;
  if (h) return `${integer.format(h)} h ${m} min`;
  if (m) return `${m} min ${sec} s`;
  return `${sec} s`;
}

/** A short axis label of a value (1.2k, 3 h, 250 ms). */
export function axisValue(v: number, unit: Unit): string {
  if (unit === 'seconds') return v >= 3600 ? `${decimal.format(v / 3600)} h` : v >= 60 ? `${decimal.format(v / 60)} min` : `${decimal.format(v)} s`;
  if (unit === 'ms') return `${decimal.format(v)} ms`;
  if (unit === 'percent') return `${decimal.format(v)} %`;
  return v >= 1000 ? `${decimal.format(v / 1000)}k` : decimal.format(v);
}

/** A bucket's time in UTC: "2026-11-20 10:00" (hourly) or "2026-11-20" (daily). */
export function bucketLabel(iso: string, hourly: boolean): string {
  return hourly ? iso.slice(0, 10) + ' ' + iso.slice(11, 16) : iso.slice(0, 10);
}

let regions: Intl.DisplayNames | null = null;

/** A country's name from its ISO 3166 code ("Unknown" for none). */
export function countryName(code: string | null): string {
  if (!code) return 'Unknown';
  try {
    regions ??= new Intl.DisplayNames(undefined, { type: 'region' });
    return regions.of(code.toUpperCase()) || code;
  } catch {
    return code;
  }
}

/** A dimension value as a label: "Unknown" for an empty one, else the value capitalised. */
export function plainLabel(value: string | null): string {
  if (!value) return 'Unknown';
  return value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
}
