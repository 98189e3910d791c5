// Node starts this plain module as the live reports thread (live-reports.ts). It registers tsx for
// this one import (see engine-worker.mjs), then loads the TypeScript worker; the production build
// compiles live-reports-worker.ts into a live-reports-worker.mjs of its own beside the server.
import { register } from 'tsx/esm/api';

const tsx = register({ namespace: 'murmur-live-reports-worker' });
await tsx.import('./live-reports-worker.ts', import.meta.url);
