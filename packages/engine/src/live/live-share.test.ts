import type { LiveEvent } from '@murmur/core/live';
import { describe, expect, it } from 'vitest';
import type { AudienceIndex } from '../postings/audience-index';
import { picture } from '../testing/index-picture';
import { baseModel, build, randomEvents, user } from '../testing/live-model';
import { seededRandom } from '../testing/random';
import { liveEngine } from './live-engine';
import { liveEngineFromShared, shareLiveEngine, shareLiveEngineSteps } from './live-snapshot';

// docs/LIVE.md "Insights while ingesting": the reports thread starts from a copy of the live engine's
// version made in bounded steps, while batches go on being applied between them; the thread is then
// sent those batches. The copy must be the version as it was when the copy started, plain (its logs
// merged), and leave the engine as it was (no blocking compaction).

/** An engine with every kind of live change in its logs (a background compaction part-way). */
async function liveFixture(seed: number) {
  const rand = seededRandom(seed);
  const m = baseModel(rand, 60, 80);
  const engine = liveEngine(await build(m), { headroom: 8, compactBytes: 1 << 30 });
  const events = randomEvents(m, rand, 900);
  const batches: LiveEvent[][] = [];
  for (let i = 0; i < events.length; i += 23) batches.push(events.slice(i, i + 23));
  // Accounts whose strings are past ASCII: a name ending in half a surrogate pair that the next
  // account's name completes (one block of strings holds both), CJK and an emoji.
  const odd = ['Zoë \ud83d', '\ude00 東京', 'ramen 🍜', '\udc00 alone'].map((name, i): LiveEvent => {
    const u = user(String(90_000 + i), rand);
    return { type: 'user', key: `odd:${i}`, at: i, user: { ...u, name, bio: `${name} bio` } };
  });
  batches.splice(3, 0, odd);
  const before = batches.splice(0, 15);
  for (const [b, batch] of before.entries()) {
    engine.apply(batch, { '0': b + 1 });
    if (b === 6) await engine.compactInBackground();
  }
  return { engine, batches };
}

/**
 * Every string column's entries (ids, handles, names, bios; post ids, times, texts) as UTF-8 keeps
 * them (a lone half of a surrogate pair is U+FFFD, as in any shared index).
 */
function strings(index: AudienceIndex): Record<string, string[]> {
  const utf8 = (s: string) => new TextDecoder().decode(new TextEncoder().encode(s));
  const { accounts: a, posts: p } = index;
  const columns = {
    ids: a.ids,
    handles: a.handles,
    names: a.names,
    bios: a.bios,
    postIds: p.ids,
    at: p.at,
    text: p.text,
  };
  return Object.fromEntries(
    Object.entries(columns).map(([name, c]) => [
      name,
      Array.from({ length: c.size }, (_, k) => utf8(c.get(k))),
    ]),
  );
}

describe('a live version shared in steps', () => {
  it('copies the version held at its first step, plain, while batches and a compaction apply between its steps, and the copy goes on equal', async () => {
    for (const seed of [3, 4]) {
      const { engine, batches } = await liveFixture(seed);
      expect(engine.liveStats().deltaTerms).toBeGreaterThan(0);
      const want = picture(engine.index);
      const wantStrings = strings(engine.index);
      const [position, state] = [engine.position(), engine.liveState()];
      const words: number[] = [];
      const steps = shareLiveEngineSteps(engine, { stepWords: 512, onStep: (w) => words.push(w) });
      const during: LiveEvent[][] = [];
      let next = steps.next();
      for (let s = 0; !next.done; s++) {
        // Batches (new accounts past the headroom: the index grows) and a blocking compaction.
        if (s % 3 === 0 && batches.length > 0) {
          const batch = batches.shift()!;
          during.push(batch);
          engine.apply(batch, { '0': 100 + s });
        }
        if (s === 20) engine.compact();
        next = steps.next();
      }
      expect(during.length).toBeGreaterThan(5);
      const copy = liveEngineFromShared(next.value);
      expect(picture(copy.index)).toEqual(want);
      expect(strings(copy.index)).toEqual(wantStrings);
      expect(wantStrings.names).toContain('Zoë \ufffd');
      expect(copy.position()).toEqual(position);
      expect(copy.liveState()).toEqual(state);
      // Plain: nothing left in logs (a compacted base), as the thread's engine starts.
      expect(copy.liveStats()).toMatchObject({ deltaTerms: 0, deltaBytes: 0, livePostRows: 0 });
      // Each step copied a bounded share (one item may pass the step's 512 words: a posting, a row,
      // a block of strings, each under 512 words here), and the copy took many steps.
      expect(Math.max(...words)).toBeLessThanOrEqual(2 * 512);
      const total = words.reduce((a, b) => a + b, 0);
      expect(words.length).toBeGreaterThanOrEqual(total / (2 * 512));
      expect(words.length).toBeGreaterThan(40);
      // Sent the batches applied meanwhile (as the reports thread is), the copy equals the engine.
      for (const batch of during) copy.apply(batch);
      for (const batch of batches) {
        engine.apply(batch);
        copy.apply(batch);
      }
      expect(picture(copy.index)).toEqual(picture(engine.index));
    }
  });

  it('leaves the engine as it was: no compaction, the same version', async () => {
    const { engine } = await liveFixture(5);
    const { version } = engine;
    const { compactions, deltaTerms } = engine.liveStats();
    const want = picture(engine.index);
    const copy = liveEngineFromShared(shareLiveEngine(engine));
    expect(engine.version).toBe(version);
    expect(engine.liveStats()).toMatchObject({ compactions, deltaTerms });
    expect(picture(copy.index)).toEqual(want);
  });

  it('holds the version until it is done or stopped, then lets batches reuse its arrays', async () => {
    const { engine, batches } = await liveFixture(6);
    const arraysOf = () => {
      const { accounts, columns, present } = engine.index;
      return [
        accounts.followers,
        accounts.following,
        accounts.posts,
        accounts.flags,
        present,
        ...Object.values(columns),
      ];
    };
    // A batch writes a spare copy of each array it changes: the second batch after a version writes
    // that version's arrays in place, unless a copy holds the version.
    const written = (steps: Generator<unknown>) => {
      steps.next();
      const held = arraysOf().map((a) => [a, a.slice()] as const);
      for (const batch of batches.splice(0, 4)) engine.apply(batch);
      return held.some(([a, was]) => a.some((x, i) => x !== was[i]));
    };
    const running = shareLiveEngineSteps(engine, { stepWords: 256 });
    expect(written(running)).toBe(false);
    running.return(undefined as never);
    const stopped = shareLiveEngineSteps(engine, { stepWords: 256 });
    stopped.next();
    stopped.return(undefined as never);
    expect(written((function* () {})())).toBe(true);
  });

  it('copies a version nothing was applied to', async () => {
    const m = baseModel(seededRandom(7), 30, 20);
    const fresh = liveEngine(await build(m), { headroom: 8 });
    const copy = liveEngineFromShared(shareLiveEngine(fresh));
    expect(picture(copy.index)).toEqual(picture(fresh.index));
    expect(fresh.version).toBe(0);
  });
});
