import { lazy } from 'react';

/** d3-force and the drawing load only when a screen shows a network. */
export const LazyNetworkGraph = lazy(() =>
  import('./network-graph').then((m) => ({ default: m.NetworkGraph })),
);
export type { NetworkGraphProps, NetworkGraphNode } from './network-graph';
export { communityColour, OTHER_COLOUR } from './palette';
