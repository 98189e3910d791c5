import type { LiveEvent } from '@murmur/core/live';
import { describe, expect, it } from 'vitest';
import { picture } from '../testing/index-picture';
import { baseModel, build, randomEvents, user } from '../testing/live-model';
import { seededRandom } from '../testing/random';
import type { FoldMessage } from './fold-share';
import { liveEngine, type LiveAudienceEngine } from './live-engine';
import type { LiveOptions } from './live-index';
import { liveEngineFromShared, shareLiveEngine } from './live-snapshot';

// docs/LIVE.md "Insights while ingesting": the reports thread's engine is given every batch the main
// engine applies (whole, where the main engine applies them in chunks) and adopts the main engine's
// background compactions instead of folding the same logs again. Whatever the chunks, the folds and
// the growth, it must stay the main engine's index, and fold nothing itself while it is told.

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const COMPACT = 6_000;

/** A leader that has applied some batches (logs, a compaction), the batches to come, and `m`. */
async function fixture(seed: number, options: LiveOptions = {}) {
  const rand = seededRandom(seed);
  const m = baseModel(rand, 60, 80);
  const leader = liveEngine(await build(m), { headroom: 8, compactBytes: COMPACT, ...options });
  const events = randomEvents(m, rand, 2_400);
  const batches: LiveEvent[][] = [];
  for (let i = 0; i < events.length; i += 37) batches.push(events.slice(i, i + 37));
  for (const batch of batches.splice(0, 6)) leader.apply(batch);
  // Accounts enough to pass the index's room (1 024 past its size) half-way: it grows.
  const born = Array.from({ length: 1_300 }, (_, i): LiveEvent => {
    const u = user(String(300_000 + i), rand);
    return { type: 'user', key: `born:${i}`, at: i, user: u };
  });
  for (let i = 0; i < born.length; i += 130) batches.splice(20 + i / 130, 0, born.slice(i, i + 130));
  return { leader, batches };
}

/** The thread's side: a follower of `leader`'s version now, and the messages it is sent, in order. */
function follow(leader: LiveAudienceEngine, options: LiveOptions = { headroom: 0 }) {
  const follower = liveEngineFromShared(shareLiveEngine(leader), {
    compaction: 'follow',
    compactBytes: COMPACT,
    ...options,
  });
  const sent: ({ type: 'batch'; events: readonly LiveEvent[]; seq: number } | FoldMessage)[] = [];
  leader.shareFolds((message) => sent.push(message));
  const deliver = () => {
    for (const message of sent.splice(0)) {
      if (message.type === 'batch') follower.apply(message.events, { '0': message.seq });
      else follower.followFold(message);
    }
  };
  /** The batch sent first, then applied in chunks (the consumer's order), then delivered. */
  const apply = async (events: readonly LiveEvent[], seq: number, chunk = 0) => {
    sent.push({ type: 'batch', events, seq });
    await leader.applyInSlices(events, { '0': seq }, { sliceMs: chunk });
    deliver();
  };
  return { follower, apply, deliver, sent };
}

/** Both engines' background compactions finished (the follower's carry runs in its own slices). */
async function settle(...engines: LiveAudienceEngine[]): Promise<void> {
  for (let i = 0; i < 10_000 && engines.some((e) => e.compactionProgress()); i++) await turn();
}

describe("a follower of the live engine's folds", () => {
  it('adopts every fold and stays the same index, through growth and compactions between chunks', async () => {
    for (const seed of [11, 12]) {
      const { leader, batches } = await fixture(seed);
      const { follower, apply, deliver } = follow(leader);
      const size = leader.index.size;
      for (const [b, batch] of batches.entries()) {
        await apply(batch, b + 1, b % 3 === 0 ? 0 : 1);
        // The fold's slices run between batches too, as the event loop turns.
        if (b % 4 === 0) await turn();
        deliver();
      }
      await settle(leader, follower);
      deliver();
      await settle(follower);
      expect(leader.index.size).toBeGreaterThan(size);
      expect(picture(follower.index)).toEqual(picture(leader.index));
      const [led, followed] = [leader.liveStats(), follower.liveStats()];
      expect(led.compactions).toBeGreaterThan(3);
      // Every compaction of the follower was one of the leader's (some may have been cancelled by growth).
      expect(followed.foldsFollowed).toBeGreaterThan(2);
      expect(followed.compactions).toBe(followed.foldsFollowed);
      expect(follower.position()).toEqual(leader.position());
      // Going on from there, batch after batch, it answers as the leader.
      for (const [b, batch] of randomEventsAfter(seed).entries()) await apply(batch, 1_000 + b);
      await settle(leader, follower);
      deliver();
      await settle(follower);
      expect(picture(follower.index)).toEqual(picture(leader.index));
    }
  });

  it('does not follow a fold started in the middle of a batch, and folds its own past twice the bytes', async () => {
    const { leader, batches } = await fixture(13, { compactBytes: 1 << 30 });
    const { follower, sent, deliver } = follow(leader, { headroom: 0, compactBytes: COMPACT });
    const batch = batches.shift()!;
    sent.push({ type: 'batch', events: batch, seq: 1 });
    const applying = leader.applyInSlices(batch, { '0': 1 }, { sliceMs: 0 });
    await turn();
    // A snapshot's compaction between two chunks: the follower has the whole batch, not half of it.
    const compacted = leader.compactInBackground();
    await applying;
    await compacted;
    expect(sent.filter((m) => m.type === 'start')).toEqual([]);
    deliver();
    for (const [b, more] of batches.entries()) {
      sent.push({ type: 'batch', events: more, seq: 2 + b });
      await leader.applyInSlices(more, { '0': 2 + b });
      deliver();
    }
    await settle(leader, follower);
    expect(picture(follower.index)).toEqual(picture(leader.index));
    const stats = follower.liveStats();
    expect(stats.foldsFollowed).toBe(0);
    expect(stats.compactions).toBeGreaterThan(0);
  });

  it('refuses a fold of another shape (a follower with room of its own) and folds its own logs instead', async () => {
    const { leader, batches } = await fixture(14);
    // Opened with room of its own: its accounts' range is not the leader's.
    const { follower, apply, deliver } = follow(leader, { headroom: 2_000 });
    expect(follower.index.size).not.toBe(leader.index.size);
    for (const [b, batch] of batches.entries()) await apply(batch, b + 1);
    await settle(leader, follower);
    deliver();
    await settle(follower);
    expect(picture(follower.index)).toEqual(picture(leader.index));
    const [led, stats] = [leader.liveStats(), follower.liveStats()];
    expect(led.compactions).toBeGreaterThan(3);
    expect(stats.foldsFollowed).toBe(0);
    expect(stats.compactions).toBeGreaterThan(0);
  });
});

/** More batches of the same model's kind (new accounts, posts, likes, follows, deletes). */
function randomEventsAfter(seed: number): LiveEvent[][] {
  const rand = seededRandom(seed * 101);
  const events = randomEvents(baseModel(seededRandom(seed), 60, 80), rand, 600).map((e, i): LiveEvent => ({
    ...e,
    key: `after:${i}:${e.key}`,
  }));
  const out: LiveEvent[][] = [];
  for (let i = 0; i < events.length; i += 41) out.push(events.slice(i, i + 41));
  return out;
}
