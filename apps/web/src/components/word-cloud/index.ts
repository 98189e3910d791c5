import { lazy } from 'react';

/** d3-cloud loads only when a screen shows a word cloud. */
export const LazyWordCloud = lazy(() => import('./word-cloud').then((m) => ({ default: m.WordCloud })));
export type { WordCloudProps } from './word-cloud';
