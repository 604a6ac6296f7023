// worldmap.tsx: the Analytics screen's choropleth of views by country: each
// country filled by a sequential scale of one hue (grey without views), a
// <title> per country for hovering, a legend of the steps, and the countries
// the map cannot draw. The ranked Countries list below stays the data for
// screen readers (the map is one labelled image) and the CSV.
import { useId, useMemo } from 'preact/hooks';
import { keyOf, metric, type Dataset } from './data';
import { countryName, formatValue } from './format';
import { worldShapes } from './geo';

/** Light to dark (one hue); the darkest holds the most viewed country. */
const palette = ['#bcd3f7', '#8ab2ee', '#5a8fe0', '#2f68c8', '#163f8c'];
/** A country without views. */
const noViews = '#e1e4e9';
/** How many countries the image's label names (the list below has them all). */
const labelled = 10;

/** A step of the scale: the views it spans and its colour. */
export interface Step { from: number; to: number; colour: string }

/** The scale's steps of equal width from 1 to max views (at most five; none without views). */
export function colourSteps(max: number): Step[] {
  if (max < 1) return [];
  const size = Math.ceil(max / Math.min(palette.length, Math.ceil(max)));
  const n = Math.ceil(max / size);
  return Array.from({ length: n }, (_, i) => ({
    from: i * size + 1, to: Math.min((i + 1) * size, Math.ceil(max)),
    colour: palette[n === 1 ? palette.length - 1 : Math.round((i * (palette.length - 1)) / (n - 1))],
  }));
}

/** The colour of a number of views. */
function colourOf(views: number, steps: Step[]): string {
  if (!(views > 0) || !steps.length) return noViews;
  return (steps.find((s) => views <= s.to) ?? steps[steps.length - 1]).colour;
}

function viewsText(n: number): string {
  return n === 0 ? 'no views' : `${formatValue(n, 'count')} ${n === 1 ? 'view' : 'views'}`;
}

/** The map of an answer holding views by country (every country of the range, not only the top). */
export function WorldMap(props: { data: Dataset }) {
  const id = useId();
  const { shapes, viewBox } = worldShapes();
  const views = useMemo(() => {
    const m = new Map<string | null, number>();
    for (const r of metric(props.data, 'views', 'country')?.rows || []) {
      const code = keyOf(r, 'country')?.toUpperCase() || null;
      m.set(code, (m.get(code) ?? 0) + (r.value ?? 0));
    }
    return m;
  }, [props.data]);
  const ranked = [...views].filter(([code]) => code).sort((a, b) => b[1] - a[1]);
  const steps = colourSteps(Math.max(0, ...ranked.map(([, n]) => n)));
  const drawn = new Set(shapes.map((s) => s.code));
  const undrawn = [...views].filter(([code]) => !drawn.has(code));
  const label = 'Map of views by country: ' + (ranked.length === 0 ? 'no views' :
    ranked.slice(0, labelled).map(([c, n]) => `${countryName(c)} ${formatValue(n, 'count')}`).join(', ') +
    (ranked.length > labelled ? `, and ${ranked.length - labelled} more countries (see the Countries list)` : ''));
  return (
    <section class="card world-map" aria-labelledby={id}>
      <h2 id={id}>Views by country</h2>
      <svg role="img" aria-label={label} viewBox={viewBox} preserveAspectRatio="xMidYMid meet">
        {shapes.map((s, i) => {
          const n = (s.code && views.get(s.code)) || 0;
          return (
            <path key={i} d={s.path} fill={colourOf(n, steps)} data-country={s.code ?? undefined}>
              <title>{`${s.code ? countryName(s.code) : s.name}: ${viewsText(n)}`}</title>
            </path>
          );
        })}
      </svg>
      <ul class="map-legend" aria-label="Legend">
        <li><span class="swatch" style={{ background: noViews }} aria-hidden="true" />No views</li>
        {steps.map((s) => (
          <li key={s.from}>
            <span class="swatch" style={{ background: s.colour }} aria-hidden="true" />
            {s.from === s.to ? viewsText(s.from) : `${formatValue(s.from, 'count')}–${viewsText(s.to)}`}
          </li>
        ))}
      </ul>
      {undrawn.length > 0 && (
        <p class="muted small">
          Not on the map (too small at this scale, or unknown): {undrawn.map(([c, n]) => `${countryName(c)} (${formatValue(n, 'count')})`).join(', ')}.
        </p>
      )}
    </section>
  );
}
