// npm run bench:calibration — how often the range Murmur predicts for X's audience estimate holds the
// range X's Ads API shows (docs/API-AUDIENCES.md "X's audience estimate"; target ≥ 90 %). The sandbox
// network is generated at BENCH_ACCOUNTS (default 100 000; scale: X's population ÷ accounts, as in the
// sandbox), the engine built from its export, and the 200-package mix of bench:engine
// (bench/engine/packages.ts) estimated. Each package goes to X as the server sends it (campaigns'
// plannedCriteria, catalogue labels resolved on the sandbox's Ads API by modules/x-estimate's
// resolveCriteria), and X's range is the sandbox Ads API's `audience_estimate` answer over HTTP
// (Fastify inject), never its internals.
// X cannot subtract Murmur's exclusions, so each package is compared without them (what X is asked).
// Prints the hit rate beside the target, the ranges' widths and the machine's load. Not a test.
import { loadavg } from 'node:os';
import Fastify from 'fastify';
import { buildIndex, inMemoryEngine } from '@murmur/engine';
import { predictionHolds, predictXEstimate, populationEstimate } from '@murmur/core/sampling';
import { adsApiPlugin, AccountKind, exportChunks, generateNetwork, sandboxAdsToken } from '@murmur/sandbox';
import { plannedCriteria } from '../../apps/server/src/modules/campaigns/targeting-criteria';
import { resolveCriteria } from '../../apps/server/src/modules/x-estimate/criteria';
import { benchPackages } from '../engine/packages';

const accounts = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const seed = process.env.BENCH_SEED ?? 'murmur';
const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

log(`calibration: ${accounts} sandbox accounts (seed ${seed}); load average ${load()}`);
let t = performance.now();
const network = generateNetwork({ accounts, seed });
const index = await buildIndex(exportChunks(network));
const engine = inMemoryEngine(index);
log(
  `built the network and the index in ${((performance.now() - t) / 1000).toFixed(1)} s; ` +
    `scale ${network.config.scale} people per account`,
);

const app = Fastify();
await app.register(adsApiPlugin({ network }), { prefix: '/ads/12' });
const a = network.accounts;
let advertiser = 0;
while (a.kind[advertiser] !== AccountKind.brand) advertiser++;
const token = sandboxAdsToken(network, a.ids[advertiser]!.toString());
const headers = { authorization: `Bearer ${token}` };
const listed = await app.inject({ url: '/ads/12/accounts', headers });
const adAccount = listed.json<{ data: { id: string }[] }>().data[0]!.id;

const search = async (catalogue: string, q: string, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams({ q, count: '50', ...extra }).toString();
  const answer = await app.inject({ url: `/ads/12/targeting_criteria/${catalogue}?${query}`, headers });
  if (answer.statusCode !== 200) return [];
  return answer.json<{ data: { name: string; targeting_value: string }[] }>().data;
};

const mix = benchPackages(index);
const sampling = { sampleSize: engine.stats.accounts, rate: engine.scale };
let hits = 0;
let asked = 0;
let refused = 0;
const widths: number[] = [];
const xWidths: number[] = [];
const misses: string[] = [];
t = performance.now();
for (const p of mix) {
  let criteria;
  try {
    criteria = await resolveCriteria(plannedCriteria(p.pkg).criteria, search);
  } catch (error) {
    refused++;
    misses.push(`${p.name}: not sent (${(error as Error).message})`);
    continue;
  }
  const answer = await app.inject({
    method: 'POST',
    url: `/ads/12/accounts/${adAccount}/audience_estimate`,
    headers,
    payload: { targeting_criteria: criteria },
  });
  if (answer.statusCode !== 200) {
    refused++;
    misses.push(`${p.name}: X answered ${answer.statusCode} ${answer.body.slice(0, 120)}`);
    continue;
  }
  const shown = answer.json<{ data: { audience_size: { min: number; max: number } } }>().data.audience_size;
  const estimate = populationEstimate(engine.estimate(p.pkg).sampleCount, sampling);
  const predicted = predictXEstimate(estimate);
  const range = { low: predicted.low!, high: predicted.high! };
  asked++;
  const mid = (range.low + range.high) / 2;
  if (mid > 0) widths.push((range.high - range.low) / mid);
  const xMid = (shown.min + shown.max) / 2;
  if (xMid > 0) xWidths.push((shown.max - shown.min) / xMid);
  if (predictionHolds(range, shown)) hits++;
  else
    misses.push(
      `${p.name}: predicted ${range.low}–${range.high} (Murmur ${estimate.value}, ${estimate.low}–${estimate.high}), X ${shown.min}–${shown.max}`,
    );
}
const elapsed = (performance.now() - t) / 1000;
await app.close();

const median = (v: number[]) => {
  const s = [...v].sort((x, y) => x - y);
  return s.length === 0 ? 0 : s[Math.floor(s.length / 2)]!;
};
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const rate = asked > 0 ? hits / asked : 0;
log(`${mix.length} packages in ${elapsed.toFixed(1)} s: ${asked} asked of X, ${refused} not sent or refused`);
log(
  `hit rate: ${hits}/${asked} = ${pct(rate)} (target ≥ 90 %) — ${rate >= 0.9 ? 'met' : 'NOT met'}; ` +
    `over all ${mix.length}: ${pct(hits / mix.length)}`,
);
log(
  `width (high − low) ÷ middle, median: predicted ${pct(median(widths))}, X's own ${pct(median(xWidths))}; ` +
    `ratio ${(median(widths) / Math.max(1e-9, median(xWidths))).toFixed(2)}`,
);
log(`load average at the end ${load()}`);
const shownMisses = Number(process.env.BENCH_MISSES ?? 12);
if (misses.length > 0) log(`misses (first ${Math.min(shownMisses, misses.length)} of ${misses.length}):`);
for (const m of misses.slice(0, shownMisses)) log(`  ${m}`);
