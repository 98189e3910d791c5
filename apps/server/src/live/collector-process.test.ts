import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import { SANDBOX_DEV_CREDENTIALS } from '@murmur/core/dev-credentials';
import type { LiveEvent } from '@murmur/core/live';
import { JetStreamLiveLog } from '@murmur/engine-cluster';
import { streamSpecs } from './stream-specs';
import { collectorSettings, CollectorSettingsError } from './collector-main';
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
 * The collector as its own process (collector-main.ts), reading X's 20 partitions of each firehose
 * as in production, killed with SIGKILL `LIVE_CRASH_ROUNDS` times while the sandbox streams: every
 * event a never-killed collector reads must be in the JetStream live log exactly once. Each start
 * spends 20 of X's 50 connection attempts per 15 minutes per firehose, so from the third start on
 * partitions are refused and wait for X's reset, past X's 5 minutes of backfill: the restarted
 * process resumes them from how far the killed one had appended them (its checkpoint), through X's
 * Recovery (`start_time`). What the killed process had appended comes again and is dropped by the
 * log's de-duplication on the event key.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const nc: NatsConnection | null = await connect({ servers: NATS_URL, timeout: 2000 }).catch(() => null);
if (!nc) console.warn(`collector-process.test.ts: crash rounds skipped, no NATS at ${NATS_URL}`);

const MAIN = fileURLToPath(new URL('./collector-main.ts', import.meta.url));
/** The five rounds with LIVE_CRASH_ROUNDS=5; three in the suite (the third start is refused). */
const ROUNDS = Number(process.env.LIVE_CRASH_ROUNDS) || 3;
/** The sandbox's clock: simulated seconds a wall second. */
const SPEED = 40;
/** X's firehose partitions, read by both collectors. */
const X_PARTITIONS = 20;
/** The reference collector is another X app: its connections do not spend the killed one's budget. */
const REFERENCE_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAreference-collector-app';
/** Events stored between two kills, at least. */
const PER_ROUND = 4;

describe('the collector settings of its own process', () => {
  it('names the missing and invalid variables', () => {
    expect(() => collectorSettings({})).toThrow(
      new CollectorSettingsError('Missing env variables: X_STREAM_BEARER_TOKEN, LIVE_NATS_URL'),
    );
    const ok = { X_STREAM_BEARER_TOKEN: 't', LIVE_NATS_URL: 'nats://n:4222' };
    expect(() => collectorSettings({ ...ok, X_STREAM_PARTITIONS: '21' })).toThrow(
      /X_STREAM_PARTITIONS must be an integer from 1 to 20/,
    );
    expect(() => collectorSettings({ ...ok, X_STREAM_URL: 'https://api.x.com/' })).toThrow(
      /X_STREAM_URL must be an http\(s\) URL ending in \/2\//,
    );
    expect(collectorSettings({ ...ok, ENGINE_SHARDS: '3' })).toEqual({
      streamUrl: 'https://api.x.com/2/',
      bearerToken: 't',
      xPartitions: 20,
      natsUrl: 'nats://n:4222',
      partitions: 3,
      stream: 'MURMUR_LIVE',
      subjectPrefix: 'murmur.live',
      heartbeatMs: 5000,
    });
    expect(() => collectorSettings({ ...ok, LIVE_HEARTBEAT_SECONDS: '0' })).toThrow(
      /LIVE_HEARTBEAT_SECONDS must be a number of seconds from 0.1 to 60, not 0/,
    );
    expect(collectorSettings({ ...ok, LIVE_HEARTBEAT_SECONDS: '0.5' }).heartbeatMs).toBe(500);
    expect(collectorSettings({ ...ok, LIVE_STREAM: 'SMOKE_1' })).toMatchObject({
      stream: 'SMOKE_1',
      subjectPrefix: 'murmur.live.SMOKE_1',
    });
  });
});

describe.skipIf(!nc)('the collector process killed with SIGKILL', () => {
  // 40 simulated seconds a wall second: X's 5 minutes of backfill are 7.5 wall seconds, more than a
  // loaded machine's lag between the sandbox writing a line and the collector appending it (at
  // ×150, 2 wall seconds, the killed process had read events older than that and not appended
  // them: lost, as they would be after a 5-minute outage against X). X's rate-limit window runs
  // at the same speed: 15 simulated minutes, 50 connection attempts per app and firehose in them.
  const sandbox = fastSandbox(
    { accounts: 10_000, seed: 'collector-process', speed: SPEED, referenceToken: REFERENCE_TOKEN },
    nc,
  );

  it(`loses no event and stores none twice across ${ROUNDS} kill -9 rounds`, async () => {
    const id = `${process.pid}_${Date.now()}`;
    const stream = `MURMUR_LIVE_TEST_COLLECTOR_${id}`;
    const log = await JetStreamLiveLog.open({
      nc: nc!,
      partitions: 2,
      stream,
      subjectPrefix: `murmur.test.${id}.live`,
    });
    const { network, streamUrl } = sandbox;
    const bearerToken = SANDBOX_DEV_CREDENTIALS.x.bearerToken;
    const { collector: reference, events: referenced } = referenceCollector(
      streamUrl,
      REFERENCE_TOKEN,
      X_PARTITIONS,
    );
    const stored = async () => (await log.lastSequence(0)) + (await log.lastSequence(1));
    const everyStream = streamSpecs(X_PARTITIONS).length;
    /** The streams the running process holds, and the attempts X refused for its budget, all starts. */
    let connected = new Set<string>();
    let refused = 0;
    const start = (): Promise<ChildProcess> => {
      connected = new Set<string>();
      return spawnCollector(
        MAIN,
        {
          X_STREAM_URL: streamUrl,
          X_STREAM_BEARER_TOKEN: bearerToken,
          X_STREAM_PARTITIONS: String(X_PARTITIONS),
          LIVE_NATS_URL: NATS_URL,
          LIVE_PARTITIONS: '2',
          LIVE_STREAM: stream,
          LIVE_SUBJECT_PREFIX: `murmur.test.${id}.live`,
        },
        connected,
        (line) => {
          if (line.includes("X's connection attempts spent")) refused++;
        },
      );
    };
    let child: ChildProcess | undefined;
    try {
      // Both collectors open their streams on the same simulated instant (both ask X's 5 minutes).
      let release = holdClock(network);
      // X's 5 minutes before it: the first thing both read (X's time, ms).
      const firstReplayed = (network.clock.now - 5 * 60) * 1000;
      await reference.start();
      child = await start();
      release();
      for (let round = 1; round <= ROUNDS; round++) {
        const before = await stored();
        await until(async () => (await stored()) >= before + PER_ROUND, `round ${round}'s events`);
        child.kill('SIGKILL');
        // The outage stays within X's 5 minutes of backfill: the clock waits for the restart.
        release = holdClock(network);
        await new Promise((resolve) => child!.once('exit', resolve));
        child = await start();
        release();
      }
      const before = await stored();
      await until(async () => (await stored()) >= before + PER_ROUND, 'events after the last restart');
      // The partitions refused at the last start connect at X's reset (15 simulated minutes at most).
      await until(() => Promise.resolve(connected.size === everyStream), 'every stream connected');
      // Quiet: the clock stands still; both collectors append what they have read.
      release = holdClock(network);
      await settled(
        async () => (await stored()) + referenced.length,
        'both collectors to append what they read',
      );
      await reference.stop();
      child.kill('SIGTERM');
      await new Promise((resolve) => child!.once('exit', resolve));
      release();

      const logged = await wholeLog(log);

      const keys = (events: LiveEvent[]) => events.filter((e) => e.type !== 'user').map((e) => e.key);
      const loggedKeys = keys(logged);
      // Nothing twice…
      expect(new Set(loggedKeys).size).toBe(loggedKeys.length);
      // …and nothing lost: the same events as the collector that was never killed.
      // (A restart's Recovery asks from a minute before a stream's coverage, which can reach before
      // what the first start was replayed: those older events are X's too, outside the comparison.)
      const since = (events: LiveEvent[]) => events.filter((e) => e.at >= firstReplayed);
      expect(new Set(keys(since(logged)))).toEqual(new Set(keys(referenced)));
      // A restarted collector tells again of the accounts it meets (a harmless, idempotent `user`
      // event): every account the reference told of is told of in the log…
      const users = (events: LiveEvent[]) =>
        new Set(events.flatMap((e) => (e.type === 'user' ? [e.user.id] : [])));
      const told = users(referenced);
      expect([...told].filter((id) => !users(logged).has(id))).toEqual([]);
      // …and no other, except those the older events of a Recovery met first.
      const older = users(logged.filter((e) => e.at < firstReplayed));
      expect([...users(logged)].filter((id) => !told.has(id) && !older.has(id))).toEqual([]);
      // Posts, likes, follows… streamed between the kills.
      expect(loggedKeys.length).toBeGreaterThan(ROUNDS);
      // The restarts did run out of X's connection attempts (from the third start on).
      if (ROUNDS >= 2) expect(refused).toBeGreaterThan(0);
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await reference.stop().catch(() => undefined);
      await dropLog(nc!, log, stream);
    }
  }, 240_000);
});
