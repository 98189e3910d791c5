import type { GeoPermissibleObjects } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';
import { alpha2Of } from './iso-codes';

export interface CountryShape {
  /** ISO 3166-1 alpha-2, or null for shapes without one. */
  code: string | null;
  name: string;
  geometry: GeoPermissibleObjects;
}

let shapes: CountryShape[] | undefined;

/**
 * The atlas's countries as GeoJSON, Antarctica left out (it takes a fifth of the map and holds no
 * audience). Parsed once; this module and its 100 kB of JSON load only with the map.
 */
export const countryShapes = (): CountryShape[] => {
  if (shapes !== undefined) return shapes;
  const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const collection = feature(topology, topology.objects.countries);
  shapes = collection.features
    .filter((f) => f.id !== '010')
    .map((f) => ({ code: alpha2Of(f.id, f.properties.name), name: f.properties.name, geometry: f }));
  return shapes;
};
