// X's stand-in in a process of its own for bench:live's `--sandbox-process` (a benchmark's helper, not
// the product's): the sandbox network generated from SANDBOX_ACCOUNTS and SANDBOX_SEED, served under
// /sandbox on 127.0.0.1 at a port of the system's choosing, its clock (SANDBOX_CLOCK_SPEED) held
// until the parent releases it. The parent (pipeline.ts) drives it over the fork's IPC channel:
// `hold` / `release` its clock and asks for its simulated `now`; X's API and streams are HTTP only,
// as in production, where X is not in the server's process.
import Fastify from 'fastify';
import { clockFromEnv, configFromEnv, createSandboxPlugin, generateNetwork } from '@murmur/sandbox';
import { describeAccounts } from './describe-accounts';

/** What the parent sends: a question with its id, answered with the same id. */
export type ToSandbox =
  | { id: number; type: 'hold' | 'release' | 'now' }
  /** What the network says of these X ids (for the reader of a difference). */
  | { id: number; type: 'accounts'; ids: string[] };
export type FromSandbox =
  | { type: 'ready'; url: string; generatedSeconds: number; rssBytes: number }
  | { id: number; type: 'answer'; now: number; holds: number; accounts?: string[] };

const send = (message: FromSandbox) => process.send!(message);
const config = configFromEnv();
const t0 = performance.now();
const network = generateNetwork(config);
const generatedSeconds = (performance.now() - t0) / 1000;
// Held from the start: the server's index is built from the export taken while it stands still,
// and the clock runs once the collector's streams are open and the server's engine is built (as
// main.ts does with the mounted one).
network.simulation.holds++;
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'error' } });
await app.register(createSandboxPlugin({ network, clock: clockFromEnv() }), { prefix: '/sandbox' });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', (message: ToSandbox) => {
  if (message.type === 'accounts') {
    send({
      id: message.id,
      type: 'answer',
      now: network.clock.now * 1000,
      holds: network.simulation.holds,
      accounts: describeAccounts(network, message.ids),
    });
    return;
  }
  if (message.type === 'hold') network.simulation.holds++;
  else if (message.type === 'release') network.simulation.holds = Math.max(0, network.simulation.holds - 1);
  send({ id: message.id, type: 'answer', now: network.clock.now * 1000, holds: network.simulation.holds });
});
// The parent gone (its channel closed) or asking it to stop, this process goes too, through
// process.exit (which writes a --cpu-prof profile; a signal's default end would not).
const stop = () => {
  // Streams a reader holds open may keep the close waiting: at most 5 s.
  setTimeout(() => process.exit(0), 5_000).unref();
  void app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
send({ type: 'ready', url: address, generatedSeconds, rssBytes: process.memoryUsage().rss });
