import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import { SANDBOX_DEV_CREDENTIALS } from '@murmur/core/dev-credentials';
import type { LiveEvent } from '@murmur/core/live';
import { JetStreamLiveLog } from '@murmur/engine-cluster';
import { streamSpecs } from './stream-specs';
import { checkpointBucket } from './collector-checkpoint';
import {
  dropLog,
  fastSandbox,
  referenceCollector,
  settled,
  spawnCollector,
  until,
  wholeLog,
} from '../test/collector-crash-kit';
import { holdClock } from '../test/live-exactness';

/**
 * The collector inside the API server writes the collector process's checkpoint (collector-checkpoint.ts)
 * beside a JetStream live log, and resumes from it: the server's live path (live-path.ts and
 * `startCollector`, in testing/server-collector-child.ts) is killed with SIGKILL mid-stream and
 * started again after more than X's 5 minutes of backfill have passed on the sandbox's running clock;
 * the restart must say it resumed, ask X's Recovery (`start_time`) from each stream's checkpoint
 * (without one, every stream asks X's default 5 minutes and the rest of the outage is lost), and the
 * log must hold every event a never-killed collector read, exactly once. On the sandbox's fast clock
 * the collector's own clock cannot tell how much of X's time passed: it reads X's time from the
 * Date header X answers with (collector.ts `xClock`; the sandbox dates its answers by its clock).
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const nc: NatsConnection | null = await connect({ servers: NATS_URL, timeout: 2000 }).catch(() => null);
if (!nc) console.warn(`server-collector.test.ts: skipped, no NATS at ${NATS_URL}`);

const CHILD = fileURLToPath(new URL('./testing/server-collector-child.ts', import.meta.url));
/** The sandbox's clock: simulated seconds a wall second. */
const SPEED = 40;
/** Firehose partitions read by both collectors (the same ones: the comparison is like for like). */
const X_PARTITIONS = 4;
const REFERENCE_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAreference-server-collector';

describe.skipIf(!nc)('the collector inside the API server killed with SIGKILL', () => {
  const sandbox = fastSandbox(
    { accounts: 4_000, seed: 'server-collector', speed: SPEED, referenceToken: REFERENCE_TOKEN },
    nc,
  );

  it('writes its checkpoint and resumes from it after kill -9: nothing lost, nothing twice', async () => {
    const id = `${process.pid}_${Date.now()}`;
    const stream = `MURMUR_LIVE_TEST_SERVER_${id}`;
    const subjectPrefix = `murmur.test.${id}.server`;
    const log = await JetStreamLiveLog.open({ nc: nc!, partitions: 2, stream, subjectPrefix });
    const { network, streamUrl } = sandbox;
    const { collector: reference, events: referenced } = referenceCollector(
      streamUrl,
      REFERENCE_TOKEN,
      X_PARTITIONS,
    );
    const stored = async () => (await log.lastSequence(0)) + (await log.lastSequence(1));
    const everyStream = streamSpecs(X_PARTITIONS).length;
    let connected = new Set<string>();
    const lines: string[] = [];
    const start = (): Promise<ChildProcess> => {
      connected = new Set<string>();
      return spawnCollector(
        CHILD,
        {
          X_STREAM_URL: streamUrl,
          X_STREAM_BEARER_TOKEN: SANDBOX_DEV_CREDENTIALS.x.bearerToken,
          X_STREAM_PARTITIONS: String(X_PARTITIONS),
          LIVE_NATS_URL: NATS_URL,
          LIVE_PARTITIONS: '2',
          LIVE_STREAM: stream,
          LIVE_SUBJECT_PREFIX: subjectPrefix,
        },
        connected,
        (line) => lines.push(line),
      );
    };
    const checkpoint = async () => {
      const kv = await new Kvm(nc!).open(checkpointBucket(stream));
      const entry = await kv.get('coverage');
      return entry?.operation === 'PUT' ? entry.json<{ coverage: Record<string, number> }>() : undefined;
    };
    let child: ChildProcess | undefined;
    try {
      let release = holdClock(network);
      const firstReplayed = (network.clock.now - 5 * 60) * 1000;
      await reference.start();
      child = await start();
      release();
      await until(async () => (await stored()) >= 8, 'events appended by the server’s collector');
      await until(async () => Object.keys((await checkpoint())?.coverage ?? {}).length > 0, 'its checkpoint');
      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      // The outage outlasts X's 5 minutes of backfill while the clock runs (6 simulated minutes).
      const killedAt = network.clock.now;
      await until(() => Promise.resolve(network.clock.now - killedAt > 6 * 60), 'six simulated minutes');
      const restartedFrom = lines.length;
      child = await start();
      await until(() => Promise.resolve(connected.size === everyStream), 'every stream connected');
      const restarted = lines.slice(restartedFrom);
      expect(
        restarted.some((l) => l.includes('"live: collector started"') && l.includes('"resumed":true')),
      ).toBe(true);
      // Every stream asks X's Recovery from its checkpoint, before the kill.
      const asked = restarted
        .filter((l) => l.includes('"live: stream connected"'))
        .map((l) => JSON.parse(l) as { backfillMinutes?: number; startTime?: number });
      expect(asked).toHaveLength(everyStream);
      expect(asked.filter((a) => a.startTime === undefined)).toEqual([]);
      expect(Math.max(...asked.map((a) => a.startTime!))).toBeLessThan(killedAt * 1000);
      const before = await stored();
      await until(async () => (await stored()) > before, 'events after the restart');
      release = holdClock(network);
      await settled(
        async () => (await stored()) + referenced.length,
        'both collectors to append what they read',
      );
      await reference.stop();
      child.kill('SIGTERM');
      const code = await new Promise((resolve) => child!.once('exit', resolve));
      expect(code).toBe(0);
      release();

      const logged = await wholeLog(log);
      const keys = (events: LiveEvent[]) => events.filter((e) => e.type !== 'user').map((e) => e.key);
      const loggedKeys = keys(logged);
      expect(new Set(loggedKeys).size).toBe(loggedKeys.length);
      const since = (events: LiveEvent[]) => events.filter((e) => e.at >= firstReplayed);
      const want = new Set(keys(referenced));
      expect(new Set(keys(since(logged)))).toEqual(want);
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await reference.stop().catch(() => undefined);
      await dropLog(nc!, log, stream);
    }
  }, 240_000);
});
