// The parallel build's worker thread (build-parallel.ts) loads this plain module: it registers tsx
// for this one import (a namespace, so it neither depends on nor clashes with a `node --import tsx`
// already active), then loads the TypeScript worker. Works under `node --import tsx` and Vitest.
import { register } from 'tsx/esm/api';

const tsx = register({ namespace: 'murmur-parse-worker' });
await tsx.import('./parse-worker.ts', import.meta.url);
