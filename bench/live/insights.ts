// npm run bench:live-insights -- [accounts] — full insights of one audience (everyone whose
// language is `en`, ~45 % of the network) on the frozen engine and on a live engine built from the
// same export (fresh: no event applied yet), each timed 5 times after a warm-up and a GC, in one
// process without the server, sandbox streams or collector. Separates the live index's own cost
// from what bench:live measures inside the whole server (bench/README.md "bench:live").
import { loadavg } from 'node:os';
import {
  createInMemoryEngine,
  createLiveEngine,
  liveEngineFromShared,
  shareLiveEngine,
  type LiveAudienceEngine,
} from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { targetingPackageSchema } from '@murmur/core/targeting';

const accounts = Number(process.argv[2] ?? 200_000);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
let started = performance.now();
const network = generateNetwork({ accounts, seed: 'bench-live' });
console.log(
  `bench:live-insights — ${accounts} accounts, network in ${(performance.now() - started).toFixed(0)} ms; load ${load()}`,
);
const pkg = targetingPackageSchema.parse({ languages: [{ label: 'en' }] });
const gc = (globalThis as { gc?: () => void }).gc;
const report = (ms: number[]) => {
  ms.sort((a, b) => a - b);
  return `insights p50 ${ms[2]!.toFixed(0)} ms (${ms.map((x) => x.toFixed(0)).join(', ')}; target ≤ 300 ms at 400 k)`;
};
/** Five timed runs after a warm-up, each after a GC. */
const timed = async (run: () => unknown): Promise<number[]> => {
  await run();
  const times: number[] = [];
  for (let r = 0; r < 5; r++) {
    gc?.();
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return times;
};
let live: LiveAudienceEngine | undefined;
for (const kind of ['frozen', 'live'] as const) {
  started = performance.now();
  const engine =
    kind === 'live'
      ? (live = await createLiveEngine(exportChunks(network)))
      : await createInMemoryEngine(exportChunks(network));
  const built = performance.now() - started;
  const times = await timed(() => engine.insights(engine.evaluate(pkg)));
  console.log(
    `${kind}: built in ${(built / 1000).toFixed(1)} s; ${engine.estimate(pkg).sampleCount} members; ${report(times)}; load ${load()}`,
  );
}
// What the server's live reports thread does differently (apps/server/src/engine/live-reports.ts):
// its engine is opened from the main engine's state copied into shared memory, and it computes a
// report in slices of 10 ms. Both here on one thread, so that each cost shows alone.
started = performance.now();
const copy = liveEngineFromShared(shareLiveEngine(live!));
console.log(
  `live, shared copy: opened in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${load()}`,
);
for (const [name, engine] of [
  ['live, shared copy', copy],
  ['live', live!],
] as const) {
  console.log(`${name}, at once: ${report(await timed(() => engine.insights(engine.evaluate(pkg))))}`);
  console.log(
    `${name}, in 10 ms slices: ${report(await timed(() => engine.insightsInSlices(engine.evaluate(pkg), undefined, undefined, { sliceMs: 10 })))}; load ${load()}`,
  );
}
