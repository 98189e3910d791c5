// Piscina loads this plain module in each worker thread. It registers tsx for this one import (a
// namespace, so it neither depends on nor clashes with a `node --import tsx` already active), then
// loads the TypeScript worker and the workspace packages it imports, which are consumed as source.
// The same file works under `node --import tsx` (npm start) and under Vitest.
import { register } from 'tsx/esm/api';

const tsx = register({ namespace: 'murmur-engine-worker' });
const worker = await tsx.import('./engine-worker.ts', import.meta.url);

export default worker.default;
