/**
 * bench:spam — Deep Thought's spam and fake-follower analysis measured against the sandbox's ground
 * truth. A sandbox network is generated and served over HTTP; every account is read back through
 * X's API v2 (GET /2/users, 100 ids a call, the fields Deep Thought syncs) and scored by the same
 * function the sync uses (apps/server/src/modules/deepthought/spam.ts). The sandbox knows which
 * accounts are spam or fake (AccountKind.spam); precision and recall are printed, and the run fails
 * below the targets (precision ≥ 0.9, recall ≥ 0.8).
 *
 *   npm run bench:spam [-- --accounts 5000 --seed bench-spam]
 */
import Fastify from 'fastify';
import { AccountKind, createSandboxPlugin, generateNetwork, SANDBOX_DEV_CREDENTIALS } from '@murmur/sandbox';
import { SPAM_THRESHOLD, spamVerdict } from '../../apps/server/src/modules/deepthought/spam';
import { USER_FIELDS, type XV2User } from '../../apps/server/src/integrations/x/user-api';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const accounts = Number(arg('accounts', '5000'));
const seed = arg('seed', 'bench-spam');
const TARGET = { precision: 0.9, recall: 0.8 };

const started = performance.now();
const network = generateNetwork({ accounts, seed });
const app = Fastify();
await app.register(createSandboxPlugin({ network }), { prefix: '/sandbox' });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const api = `${base}/sandbox/x/2`;
const bearer = SANDBOX_DEV_CREDENTIALS.x.bearerToken;

// "Now" for account ages: X's clock, as the sync measures it (the newest activity it sees).
const now = new Date(network.clock.now * 1000);
let tp = 0;
let fp = 0;
let fn = 0;
let tn = 0;
const reasons = new Map<string, number>();
const ids = Array.from(network.accounts.ids, (id) => id.toString());
for (let i = 0; i < ids.length; i += 100) {
  const batch = ids.slice(i, i + 100);
  const response = await fetch(`${api}/users?ids=${batch.join(',')}&user.fields=${USER_FIELDS}`, {
    headers: { authorization: `Bearer ${bearer}` },
  });
  if (!response.ok) throw new Error(`GET /2/users: ${response.status} ${await response.text()}`);
  const { data = [] } = (await response.json()) as { data?: XV2User[] };
  for (const user of data) {
    const index = ids.indexOf(user.id, i);
    const truth = network.accounts.kind[index] === AccountKind.spam;
    const verdict = spamVerdict(user, now);
    const flagged = verdict.score >= SPAM_THRESHOLD;
    if (flagged && truth) tp++;
    else if (flagged) fp++;
    else if (truth) fn++;
    else tn++;
    if (flagged)
      for (const r of verdict.reasons)
        reasons.set(r.replace(/\d+/g, 'N'), (reasons.get(r.replace(/\d+/g, 'N')) ?? 0) + 1);
  }
}
await app.close();

const precision = tp / Math.max(1, tp + fp);
const recall = tp / Math.max(1, tp + fn);
const pass = precision >= TARGET.precision && recall >= TARGET.recall;
console.log(
  `bench:spam — ${accounts} sandbox accounts (seed ${seed}), read through X API v2, threshold ${SPAM_THRESHOLD}`,
);
console.log(
  `  spam in the sandbox: ${tp + fn}; flagged: ${tp + fp}  (tp ${tp}, fp ${fp}, fn ${fn}, tn ${tn})`,
);
console.log(
  `  precision ${precision.toFixed(3)} (target ≥ ${TARGET.precision})  recall ${recall.toFixed(3)} (target ≥ ${TARGET.recall})  ${pass ? 'PASS' : 'FAIL'}`,
);
console.log(`  most common reasons among flagged accounts:`);
for (const [r, n] of [...reasons.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6))
  console.log(`    ${n}× ${r}`);
console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exitCode = pass ? 0 : 1;
