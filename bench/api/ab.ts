// An A/B of the serving path: the products of several checkouts side by side (each its own child,
// as bench:api starts it), with the bare hello, driven in turn by autocannon from this process. Each
// round runs every case on every product, in alternating order, each right after a bare-hello run;
// a server's idle CPU rate (timers, engine threads), taken for 1 s just before its run, is taken off
// that run's CPU. Prints CPU µs per request and the req/s ratio per run, and their medians.
// A benchmark aid, not a test, and nothing is written.
//
//   AB_ROOTS=/path/to/checkout-a,/path/to/checkout-b node --import tsx bench/api/ab.ts
//
// AB_ROOTS: checkouts (each with its node_modules) whose bench/api/product-server.ts is started;
// AB_FLAGS: more Node flags for each product (e.g. `--trace-gc`, into its log in the printed folder);
// AB_CASES (`uncached,token`; also `cached`), AB_ROUNDS (3), AB_SECONDS (5), AB_CONN (50).
// BENCH_ACCOUNTS, SANDBOX_CLOCK_SPEED etc. pass through to the products.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DISTINCT_PACKAGES, estimateBody } from './estimate-packages';
import { load, type LoadCase } from './load';
import type { ProductReady } from './product-server';
import { cpuOf, SERVE_FLAGS, startChild, stop } from './server-child';

const roots = (process.env.AB_ROOTS ?? '').split(',').filter(Boolean);
if (roots.length === 0) throw new Error('AB_ROOTS: the checkouts to compare, comma-separated');
const SECONDS = Number(process.env.AB_SECONDS ?? 5);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.AB_CONN ?? 50);
const CASES = (process.env.AB_CASES ?? 'uncached,token').split(',');
const EXTRA_FLAGS = (process.env.AB_FLAGS ?? '').split(' ').filter(Boolean);
const logDir = mkdtempSync(join(tmpdir(), 'murmur-bench-ab-'));

async function measure(c: LoadCase, child: ChildProcess) {
  const idleFrom = await cpuOf(child);
  const idleStart = performance.now();
  await new Promise((r) => setTimeout(r, 1000));
  const idlePerMs = ((await cpuOf(child)) - idleFrom) / (performance.now() - idleStart);
  const before = await cpuOf(child);
  const start = performance.now();
  const r = await load(c, CONNECTIONS, SECONDS);
  const busy = (await cpuOf(child)) - before - idlePerMs * (performance.now() - start);
  return { reqPerSec: r.reqPerSec, cpu: busy / Math.max(1, r.requests), failed: r.errors + r.non2xx };
}

function caseOf(name: string, p: ProductReady): LoadCase {
  const headers = { authorization: `Token ${p.reader.token}` };
  const url = `${p.url}/api/build-audience/`;
  switch (name) {
    case 'token':
      return { name, url: `${p.url}/api/user/me/`, headers };
    case 'cached':
      return {
        name,
        url,
        method: 'POST',
        headers,
        body: { targeting_package: { languages: [{ label: 'en' }] } },
      };
    case 'uncached':
      return { name, url, method: 'POST', headers, bodies: { count: DISTINCT_PACKAGES, at: estimateBody } };
    default:
      throw new Error(`unknown case ${name}`);
  }
}

const hello = await startChild<{ url: string }>(
  join(roots[0]!, 'bench/api/hello-server.ts'),
  join(logDir, 'hello.log'),
);
const products: { child: ChildProcess; ready: ProductReady }[] = [];
for (const [i, root] of roots.entries()) {
  products.push(
    await startChild<ProductReady>(
      join(root, 'bench/api/product-server.ts'),
      join(logDir, `product${i}.log`),
      process.env,
      [...SERVE_FLAGS, ...EXTRA_FLAGS],
    ),
  );
  console.log(
    `product ${i} (${root}) ready in ${products.at(-1)!.ready.startSeconds.toFixed(1)} s; logs in ${logDir}`,
  );
}
try {
  for (const p of products) for (const c of CASES) await load(caseOf(c, p.ready), 10, 2); // warm-up
  const bare: LoadCase = { name: 'bare hello', url: `${hello.ready.url}/` };
  const runs = new Map<string, { cpu: number; ratio: number }[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of CASES) {
      const order = products.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const h = await measure(bare, hello.child);
        const m = await measure(caseOf(c, products[i]!.ready), products[i]!.child);
        const ratio = m.reqPerSec / h.reqPerSec;
        (runs.get(`${c} ${i}`) ?? runs.set(`${c} ${i}`, []).get(`${c} ${i}`)!).push({ cpu: m.cpu, ratio });
        console.log(
          `round ${round} ${c} product ${i}: ${m.cpu.toFixed(1)} µs/request, ${m.reqPerSec.toFixed(0)} req/s, ` +
            `${(100 * ratio).toFixed(1)} % of the bare hello (${h.reqPerSec.toFixed(0)} req/s, ${h.cpu.toFixed(1)} µs); ` +
            `${m.failed} failed; load ${loadavg()[0]!.toFixed(2)}`,
        );
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const [key, rs] of runs)
    console.log(
      `${key}: median ${median(rs.map((r) => r.cpu)).toFixed(1)} µs/request, ` +
        `${(100 * median(rs.map((r) => r.ratio))).toFixed(1)} % of the bare hello; runs ${rs.map((r) => r.cpu.toFixed(1)).join(' ')} µs`,
    );
} finally {
  for (const p of [hello, ...products]) await stop(p.child);
}
