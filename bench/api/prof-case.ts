// A benchmark aid (not a test): one product (bench/api/product-server.ts of PROF_ROOT, default this
// checkout) started with --cpu-prof into PROF_DIR, the cases of PROF_CASE (`token`, `uncached`,
// comma-separated) under load in turn (PROF_CONN connections, 50; PROF_SECONDS, 10), and one JSON line
// per case with its window (monotonic µs), requests and load, for bench/api/prof-report.ts.
// PROF_FLAGS: more Node flags for the product (e.g. `--trace-gc`, written to PROF_DIR/product.log).
//   PROF_ROOT=<checkout> PROF_CASE=token,uncached PROF_DIR=<dir> node --import tsx bench/api/prof-case.ts
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DISTINCT_PACKAGES, estimateBody } from './estimate-packages';
import { load, type LoadCase } from './load';
import type { ProductReady } from './product-server';

const root = process.env.PROF_ROOT ?? process.cwd();
const dir = process.env.PROF_DIR!;
const name = process.env.PROF_CASE ?? 'uncached';
const seconds = Number(process.env.PROF_SECONDS ?? 10);
const conn = Number(process.env.PROF_CONN ?? 50);
const out = openSync(join(dir, 'product.log'), 'w');
const child: ChildProcess = fork(join(root, 'bench/api/product-server.ts'), [], {
  execArgv: [
    '--max-semi-space-size=32',
    ...(process.env.PROF_FLAGS ?? '').split(' ').filter(Boolean),
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
    '--import',
    'tsx',
  ],
  stdio: ['ignore', out, out, 'ipc'],
});
closeSync(out);
const p = await new Promise<ProductReady>((r) => child.once('message', (m) => r(m as ProductReady)));
const headers = { authorization: `Token ${p.reader.token}` };
// PROF_CASE: one or more of `token`, `uncached`, comma-separated, run in that order.
for (const one of name.split(',')) {
  const c: LoadCase =
    one === 'token'
      ? { name: one, url: `${p.url}/api/user/me/`, headers }
      : {
          name: one,
          url: `${p.url}/api/build-audience/`,
          method: 'POST',
          headers,
          bodies: { count: DISTINCT_PACKAGES, at: estimateBody },
        };
  await load(c, 10, 2);
  const from = process.hrtime.bigint() / 1000n;
  const r = await load(c, conn, seconds);
  const to = process.hrtime.bigint() / 1000n;
  console.log(
    JSON.stringify({
      case: one,
      from: String(from),
      to: String(to),
      reqPerSec: r.reqPerSec,
      requests: r.requests,
      load: loadavg()[0],
    }),
  );
}
const exited = new Promise((res) => child.once('exit', res));
child.kill('SIGTERM');
await exited;
