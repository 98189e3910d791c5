// npm run bench:live-insights -- [accounts] — full insights of one audience (everyone whose
// language is `en`, ~45 % of the network) on the frozen engine and on a live engine built from the
// same export (fresh: no event applied yet), each timed 5 times after a warm-up and a GC, in one
// process without the server, sandbox streams or collector. Separates the live index's own cost
// from what bench:live measures inside the whole server (bench/README.md "bench:live").
import { loadavg } from 'node:os';
import { createInMemoryEngine, createLiveEngine } from '@murmur/engine';
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
for (const kind of ['frozen', 'live'] as const) {
  started = performance.now();
  const engine =
    kind === 'live'
      ? await createLiveEngine(exportChunks(network))
      : await createInMemoryEngine(exportChunks(network));
  const built = performance.now() - started;
  engine.insights(engine.evaluate(pkg));
  const times: number[] = [];
  for (let r = 0; r < 5; r++) {
    gc?.();
    const t = performance.now();
    engine.insights(engine.evaluate(pkg));
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${kind}: built in ${(built / 1000).toFixed(1)} s; ${engine.estimate(pkg).sampleCount} members; insights p50 ${times[2]!.toFixed(0)} ms (${times.map((x) => x.toFixed(0)).join(', ')}; target ≤ 300 ms at 400 k); load ${load()}`,
  );
}
