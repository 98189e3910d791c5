// npm run bench:fuzz-cost — the security review's fuzz "cost" check (docs/SECURITY-REVIEW.md): no
// single request above 1 s of server CPU.
// Sends every request of the hostile-input test (apps/server/src/hostile-input.test.ts: every
// operation of the OpenAPI document, structural body attacks, a wrong value in each field, bad path
// and query values, bad headers; signed out and signed in) to the product in this process, and
// measures the process's CPU (process.cpuUsage: user + system, every thread) around each one. Prints
// the totals, the costliest requests and every request above the budget; exits 1 when there is one.
// A benchmark, not a test: CPU time depends on the machine and its load, so it is not asserted in the
// suite (which instead tests the limits that keep work bounded; bench/README.md "bench:fuzz-cost").
//
// Usage: npm run bench:fuzz-cost -- [--accounts N] [--budget-ms N] [--top N]
// (defaults: a 3 000-account network as the tests use, budget 1 000 ms, top 20).
import { cpus, loadavg } from 'node:os';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestSession } from '../../apps/server/src/test/test-app';
import { testNetwork } from '../../apps/server/src/test/test-engine';
import {
  HEADER_ATTACKS,
  PATH_VALUES,
  ENDS_THE_CALLER,
  bodyAttacks,
  fieldAttacks,
  operationsOf,
  queryAttacks,
  urlOf as urlWith,
  type HostileRequest,
  type Operation,
} from '../../apps/server/src/test/hostile-inputs';

const flag = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value < 1) throw new Error(`--${name} must be a positive number`);
  return Math.floor(value);
};
const ACCOUNTS = flag('accounts', 3000);
const BUDGET_MS = flag('budget-ms', 1000);
const TOP = flag('top', 20);

const { holder } = await testNetwork(ACCOUNTS);
const t = await createTestApp({ logLevel: 'silent' }, { engine: holder });
const session = await t.signIn('fuzz-cost@example.com');
const team = await t.app.inject({
  method: 'POST',
  url: '/api/teams/',
  headers: session.tokenAuth,
  payload: { name: 'Fuzz cost team' },
});
const teamId = team.json<{ id: number }>().id;

let throwaways = 0;
const callerFor = async (op: Operation): Promise<TestSession> =>
  ENDS_THE_CALLER.has(`${op.method} ${op.path}`)
    ? t.signIn(`fuzz-cost-${++throwaways}@example.com`)
    : session;

const urlOf = (op: Operation, value?: string) => urlWith(op, teamId, value);

interface Measured {
  what: string;
  status: number;
  cpuMs: number;
  wallMs: number;
}
const measured: Measured[] = [];

async function send(op: Operation, r: HostileRequest, caller: TestSession | undefined, auth: string) {
  const options: InjectOptions = {
    method: op.method,
    url: r.url,
    headers: {
      ...caller?.cookieAuth,
      ...(r.contentType && { 'content-type': r.contentType }),
      ...r.headers,
    },
    ...(r.payload !== undefined && { payload: r.payload }),
  };
  const cpu = process.cpuUsage();
  const wall = performance.now();
  let status: number;
  try {
    status = (await t.app.inject(options)).statusCode;
  } catch {
    status = -1;
  }
  const used = process.cpuUsage(cpu);
  measured.push({
    what: `${op.method} ${r.url.slice(0, 70)} [${r.name}, ${auth}]`,
    status,
    cpuMs: (used.user + used.system) / 1000,
    wallMs: performance.now() - wall,
  });
}

const started = performance.now();
const operations = operationsOf((await t.app.inject({ url: '/api/docs/json' })).json());
for (const op of operations) {
  const requests: HostileRequest[] = [
    ...(op.method === 'GET' ? [] : bodyAttacks(op, urlOf(op))),
    ...(op.body ? fieldAttacks(op, urlOf(op)) : []),
    ...op.pathParams.flatMap(() =>
      PATH_VALUES.map((v) => ({ name: `path ${v.slice(0, 20)}`, url: urlOf(op, v) })),
    ),
    ...(op.method === 'GET' || op.query.length > 0 ? queryAttacks(op, urlOf(op)) : []),
  ];
  for (const r of requests) await send(op, r, undefined, 'signed out');
  // Signed in, a live-path route answers its documented 503 on the test server (no live path).
  if (!/^\/api\/live\//.test(op.path)) {
    const caller = await callerFor(op);
    for (const r of requests) await send(op, r, caller, 'signed in');
  }
  for (const h of HEADER_ATTACKS) await send(op, { ...h, url: urlOf(op) }, undefined, 'signed out');
}
const elapsed = performance.now() - started;
await t.close();

const cpuTotal = measured.reduce((sum, m) => sum + m.cpuMs, 0);
const sorted = [...measured].sort((a, b) => b.cpuMs - a.cpuMs);
const quantile = (q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((1 - q) * sorted.length))]!.cpuMs;
const over = sorted.filter((m) => m.cpuMs > BUDGET_MS);
const ms = (v: number) => `${v.toFixed(1)} ms`;

console.log(
  `fuzz cost: ${measured.length} requests over ${operations.length} operations in ${(elapsed / 1000).toFixed(1)} s ` +
    `(${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}, ${ACCOUNTS} accounts)`,
);
console.log(
  `server CPU per request: total ${(cpuTotal / 1000).toFixed(1)} s, median ${ms(quantile(0.5))}, ` +
    `p99 ${ms(quantile(0.99))}, max ${ms(sorted[0]!.cpuMs)}; budget ${BUDGET_MS} ms`,
);
console.log(`\nthe ${TOP} costliest (CPU, wall, status):`);
for (const m of sorted.slice(0, TOP))
  console.log(`  ${ms(m.cpuMs).padStart(10)} ${ms(m.wallMs).padStart(10)}  ${m.status}  ${m.what}`);
if (over.length > 0) {
  console.log(`\n${over.length} request(s) above the ${BUDGET_MS} ms budget:`);
  for (const m of over) console.log(`  ${ms(m.cpuMs)}  ${m.what}`);
  process.exitCode = 1;
} else console.log(`\nno request above the ${BUDGET_MS} ms budget`);
