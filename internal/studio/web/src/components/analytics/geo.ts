// geo.ts: the world map's shapes: world-atlas's countries (Natural Earth,
// 1:110m) as SVG path strings in a hand-written equirectangular projection,
// each with the ISO 3166-1 alpha-2 code the analytics API reports, built once.
import { feature, type GeoGeometry } from 'topojson-client';
import world from 'world-atlas/countries-110m.json';
import codes from 'i18n-iso-countries/codes.json';

/** Pixels per degree of the projection. */
const scale = 2;
/** Antarctica (ISO 3166-1 numeric 010): left out, it would take a fifth of the height for no viewer. */
const antarctica = '010';
/**
 * The shapes of Natural Earth without a numeric code, by name, as GeoIP
 * databases (and so the API) place their viewers: Kosovo has the user-assigned
 * code XK; Northern Cyprus and Somaliland are reported as Cyprus and Somalia.
 */
const unnumbered: Record<string, string> = { Kosovo: 'XK', 'N. Cyprus': 'CY', Somaliland: 'SO' };

/** A country's shape: its alpha-2 code (null when unknown), Natural Earth's name, its SVG path. */
export interface CountryShape { code: string | null; name: string; path: string }

/** The map: the shapes and the SVG viewBox that holds them. */
export interface WorldShapes { shapes: CountryShape[]; viewBox: string }

let built: WorldShapes | null = null;

/** The countries' shapes (computed at the first call, then reused). */
export function worldShapes(): WorldShapes {
  if (built) return built;
  const alpha2 = new Map(codes.map((c) => [c[2], c[0]]));
  const box = { minY: Infinity, maxY: -Infinity };
  const shapes: CountryShape[] = [];
  for (const f of feature(world, world.objects.countries).features) {
    if (f.id === antarctica || !f.geometry) continue;
    const name = f.properties.name;
    const code = (f.id ? alpha2.get(f.id) : unnumbered[name]) ?? null;
    const path = geometryPath(f.geometry, box);
    if (path) shapes.push({ code, name, path });
  }
  const top = Math.floor(box.minY), height = Math.ceil(box.maxY) - top;
  built = { shapes, viewBox: `0 ${top} ${360 * scale} ${height}` };
  return built;
}

/** The equirectangular projection of a [longitude, latitude] position. */
export function project(lon: number, lat: number): [number, number] {
  return [(lon + 180) * scale, (90 - lat) * scale];
}

/** The SVG path of a Polygon or MultiPolygon ('' for another geometry); box gets its vertical extent. */
function geometryPath(g: GeoGeometry, box: { minY: number; maxY: number }): string {
  const polygons = g.type === 'Polygon' ? [g.coordinates as number[][][]]
    : g.type === 'MultiPolygon' ? g.coordinates as number[][][][] : [];
  let d = '';
  for (const rings of polygons) {
    for (const ring of rings) {
      const points = unwrap(ring);
      const lons = points.map((p) => p[0]);
      d += ringPath(points, 0, box);
      // A ring across the antimeridian (Fiji, Chukotka) is drawn again on the other edge; the viewBox clips both.
      if (Math.max(...lons) > 180) d += ringPath(points, -360, box);
      if (Math.min(...lons) < -180) d += ringPath(points, 360, box);
    }
  }
  return d;
}

/** A ring's positions with each jump across the antimeridian undone (longitudes may leave [-180, 180]). */
function unwrap(ring: number[][]): number[][] {
  let shift = 0, previous = NaN;
  return ring.map(([lon, lat]) => {
    const step = lon + shift - previous;
    if (step > 180) shift -= 360;
    else if (step < -180) shift += 360;
    previous = lon + shift;
    return [previous, lat];
  });
}

/** A closed SVG subpath of positions shifted by shift degrees of longitude; box gets its vertical extent. */
function ringPath(points: number[][], shift: number, box: { minY: number; maxY: number }): string {
  let d = '';
  points.forEach(([lon, lat], i) => {
    const [x, y] = project(lon + shift, lat);
    box.minY = Math.min(box.minY, y);
    box.maxY = Math.max(box.maxY, y);
    d += (i ? ' ' : 'M') + round(x) + ' ' + round(y);
  });
  return d + 'Z';
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}
