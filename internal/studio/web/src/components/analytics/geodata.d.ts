// geodata.d.ts: the types of the world map's data modules, which ship none:
// world-atlas's TopoJSON, topojson-client's feature() and i18n-iso-countries'
// table of codes (imported alone, without the package's index and locales).

/** A TopoJSON geometry of world-atlas: a country (id: ISO 3166-1 numeric, absent for a few). */
interface WorldTopoGeometry { type: string; id?: string; properties: { name: string }; arcs: unknown }

/** world-atlas's countries-110m.json. */
interface WorldTopology {
  type: 'Topology';
  objects: { countries: { type: 'GeometryCollection'; geometries: WorldTopoGeometry[] }; land: unknown };
  arcs: number[][][];
  transform?: { scale: [number, number]; translate: [number, number] };
}

declare module 'world-atlas/countries-110m.json' {
  const topology: WorldTopology;
  export default topology;
}

declare module 'i18n-iso-countries/codes.json' {
  /** Each country: [alpha-2, alpha-3, numeric, ISO 3166-2 reference]. */
  const codes: string[][];
  export default codes;
}

declare module 'topojson-client' {
  /** A GeoJSON geometry as feature() returns it. */
  export type GeoGeometry =
    | { type: 'Polygon'; coordinates: number[][][] }
    | { type: 'MultiPolygon'; coordinates: number[][][][] }
    | { type: string; coordinates?: unknown };
  /** A GeoJSON feature as feature() returns it. */
  export interface GeoFeature { type: 'Feature'; id?: string; properties: { name: string }; geometry: GeoGeometry | null }
  /** The GeoJSON features of a TopoJSON geometry collection. */
  export function feature(topology: WorldTopology, object: { type: 'GeometryCollection'; geometries: WorldTopoGeometry[] }): { type: 'FeatureCollection'; features: GeoFeature[] };
}
