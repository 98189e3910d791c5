import { lazy } from 'react';

/** The map, its projection code and the world atlas load only when a screen shows a map. */
export const LazyWorldMap = lazy(() => import('./world-map').then((m) => ({ default: m.WorldMap })));
export type { WorldMapProps } from './world-map';
export { shareColour, EMPTY_COLOUR } from './colour-scale';
