import { resolveLocationText } from '@murmur/core/live';
import type { CatalogueItem } from '@murmur/core/export';
import { describe, expect, it } from 'vitest';
import { exportChunks } from '../export/ndjson-export';
import { generateNetwork } from '../generate/network';
import { AccountFlag, isGone } from '../model/accounts';
import { EventKind, ProfileField, profileChange } from '../model/events';
import type { Network } from '../network';
import { LiveClock } from './live-clock';
import { advance } from './tick';

const ANCHOR = Date.UTC(2026, 7, 1) / 1000;

describe('the running clock', () => {
  it('follows a (fake) wall clock at its speed in short steps, and waits while an export holds it', () => {
    const net = generateNetwork({ accounts: 1500, seed: 'clock', historyDays: 1, now: ANCHOR });
    expect(net.clock.now).toBe(ANCHOR);
    let wall = 1_000_000;
    const steps: [number, number][] = [];
    net.simulation.listeners.add((_first, _last, from, to) => steps.push([from, to]));
    const clock = new LiveClock(net, { speed: 60, stepSeconds: 5 }, () => wall);
    wall += 10_000;
    clock.look();
    expect(net.clock.now).toBe(ANCHOR + 600);
    expect(steps.length).toBe(120);
    expect(steps.every(([from, to]) => to - from === 5)).toBe(true);
    net.simulation.holds++;
    wall += 1000;
    clock.look();
    expect(net.clock.now).toBe(ANCHOR + 600);
    net.simulation.holds--;
    clock.look();
    expect(net.clock.now).toBe(ANCHOR + 660);
  });

  it("at real time on the wall clock's hour, first runs the minutes since, so its now is the wall clock's", () => {
    const started = (nowAt: number, settings: { catchUpToWall?: boolean }) => {
      const net = generateNetwork({ accounts: 1500, seed: 'clock', historyDays: 1, now: ANCHOR });
      let wall = nowAt * 1000;
      const clock = new LiveClock(net, { speed: 1, stepSeconds: 1, ...settings }, () => wall);
      clock.start();
      clock.stop();
      wall += 2000;
      clock.look();
      return net.clock.now;
    };
    // 40 minutes past the anchor's hour: the 40 minutes, then the 2 s that passed.
    expect(started(ANCHOR + 2400, { catchUpToWall: true })).toBe(ANCHOR + 2402);
    // Without the setting (a pinned anchor), or a wall clock further off than the limit: its own time.
    expect(started(ANCHOR + 2400, {})).toBe(ANCHOR + 2);
    expect(started(ANCHOR + 4 * 3600, { catchUpToWall: true })).toBe(ANCHOR + 2);
  });
});

type Row = Record<string, unknown> & { type: string; n: number };

async function exportRows(net: Network): Promise<Row[]> {
  let text = '';
  for await (const chunk of exportChunks(net)) text += chunk;
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Row);
}

describe('lifecycle in the export', () => {
  it('leaves out deleted and suspended accounts, deleted posts and everything that points at them', async () => {
    const net = generateNetwork({ accounts: 3000, seed: 'lifecycle', historyDays: 1, now: ANCHOR });
    advance(net, 24 * 20);
    const kinds = net.events.kind.view();
    const count = (kind: number) => kinds.filter((k) => k === kind).length;
    expect(count(EventKind.postDelete)).toBeGreaterThan(0);
    expect(count(EventKind.userDelete) + count(EventKind.userSuspend)).toBeGreaterThan(0);
    expect(count(EventKind.profile)).toBeGreaterThan(0);
    let text = '';
    for await (const chunk of exportChunks(net)) text += chunk;
    const records = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown> & { type: string });
    const accounts = new Set(records.filter((r) => r.type === 'account').map((r) => r.n as number));
    const posts = new Set(records.filter((r) => r.type === 'post').map((r) => r.n as number));
    for (let i = 0; i < net.accounts.count; i++) expect(accounts.has(i)).toBe(!isGone(net.accounts, i));
    for (let p = 0; p < net.posts.length; p++) expect(posts.has(p)).toBe(!net.posts.deleted.get(p));
    const followers = new Map<number, number>();
    for (const r of records) {
      if (r.type === 'following')
        for (const to of r.to as number[]) {
          expect(accounts.has(to)).toBe(true);
          followers.set(to, (followers.get(to) ?? 0) + 1);
        }
      if (r.type === 'post') {
        expect(accounts.has(r.author as number)).toBe(true);
        if (r.replyTo !== null) expect(posts.has(r.replyTo as number)).toBe(true);
        for (const [who] of [...(r.likedBy as number[][]), ...(r.repostedBy as number[][])])
          expect(accounts.has(who!)).toBe(true);
        expect((r.likedBy as unknown[]).length).toBe(r.likes);
      }
      if (r.type === 'follow' || r.type === 'unfollow') {
        expect(accounts.has(r.from as number) && accounts.has(r.to as number)).toBe(true);
      }
    }
    for (const r of records)
      if (r.type === 'account') expect(r.followers).toBe(followers.get(r.n as number) ?? 0);
  });
});

describe('the export at T after twenty simulated days of births, edits and activity', () => {
  it('equals the export at the anchor with every logged event since applied (counts, rows, profiles)', async () => {
    const net = generateNetwork({ accounts: 3000, seed: 'lifecycle', historyDays: 1, now: ANCHOR });
    const rows0 = await exportRows(net);
    const first = net.events.length;
    const posts0 = net.posts.length;
    advance(net, 24 * 20);
    const rows = await exportRows(net);
    const byN = (list: Row[], type: string) =>
      new Map(list.filter((r) => r.type === type).map((r) => [r.n, r]));
    const before = byN(rows0, 'account');
    const after = byN(rows, 'account');
    const locations = rows.find((r) => r.type === 'catalogue' && r.kind === 'locations')!
      .items as CatalogueItem[];
    const gone = (u: number) => isGone(net.accounts, u);
    const log = net.events;

    // Rows: the anchor's accounts that stayed, plus every account born since, nothing else.
    const born = [...after.keys()].filter((n) => !before.has(n));
    expect(born.length).toBeGreaterThan(5);
    for (const n of before.keys()) expect(after.has(n)).toBe(!gone(n));
    for (const n of born) expect(net.accounts.flags[n]! & AccountFlag.liveBorn).toBeTruthy();

    // Counts: the anchor's, moved by each follow, unfollow, post and post deletion logged since (rows
    // of accounts that left are marked removed, and their edges at the anchor are gone too).
    const followers = new Map<number, number>();
    const following = new Map<number, number>();
    const postsOf = new Map<number, number>();
    const add = (map: Map<number, number>, n: number, d: number) => map.set(n, (map.get(n) ?? 0) + d);
    for (const r of rows0)
      if (r.type === 'following' && !gone(r.n))
        for (const to of r.to as number[]) if (gone(to)) add(following, r.n, -1);
    for (const r of rows0)
      if (r.type === 'following' && gone(r.n)) for (const to of r.to as number[]) add(followers, to, -1);
    for (let e = first; e < log.length; e++) {
      const kind = log.kind.get(e);
      const [u, v] = [log.actor.get(e), log.target.get(e)];
      if (kind === EventKind.follow || kind === EventKind.unfollow) {
        const d = kind === EventKind.follow ? 1 : -1;
        add(following, u, d);
        add(followers, v, d);
      } else if (kind === EventKind.postDelete && log.post.get(e) < posts0) add(postsOf, u, -1);
    }
    // Posts made since that stand (a reply stays a post when its parent is deleted, though its row
    // as the parent's engagement leaves the log).
    for (let p = posts0; p < net.posts.length; p++)
      if (!net.posts.deleted.get(p)) add(postsOf, net.posts.author.get(p), 1);
    for (const [n, r] of after) {
      const base = before.get(n);
      expect(r.followers, `followers of ${n}`).toBe(
        ((base?.followers as number) ?? 0) + (followers.get(n) ?? 0),
      );
      expect(r.following, `following of ${n}`).toBe(
        ((base?.following as number) ?? 0) + (following.get(n) ?? 0),
      );
      expect(r.posts, `posts of ${n}`).toBe(((base?.posts as number) ?? 0) + (postsOf.get(n) ?? 0));
    }
    // Post rows: the anchor's that were not deleted, and the ones made since that were not.
    const postRows = new Set(rows.filter((r) => r.type === 'post').map((r) => r.n));
    const postRows0 = new Set(rows0.filter((r) => r.type === 'post').map((r) => r.n));
    for (let p = 0; p < net.posts.length; p++)
      expect(postRows.has(p)).toBe((p < posts0 ? postRows0.has(p) : true) && !net.posts.deleted.get(p));

    // Profiles: a bio or location differs from the anchor's exactly when an edit was logged, and any
    // location the sandbox wrote resolves (the shared rule) to the record's place.
    const edited = new Map<number, Set<number>>();
    for (let e = first; e < log.length; e++)
      if (log.kind.get(e) === EventKind.profile) {
        const set = edited.get(log.actor.get(e)) ?? new Set<number>();
        set.add(profileChange(log.post.get(e)).field);
        edited.set(log.actor.get(e), set);
      }
    // Privacy: the last protect or unprotect logged since the anchor, else the anchor's.
    const privacy = new Map<number, boolean>();
    for (let e = first; e < log.length; e++) {
      const kind = log.kind.get(e);
      if (kind === EventKind.userProtect || kind === EventKind.userUnprotect)
        privacy.set(log.actor.get(e), kind === EventKind.userProtect);
    }
    for (const [n, r] of after)
      expect(r.protected, `protected ${n}`).toBe(privacy.get(n) ?? before.get(n)?.protected ?? false);
    let geo = 0;
    for (const [n, r] of after) {
      const base = before.get(n);
      if (base) {
        expect(r.bio !== base.bio, `bio of ${n}`).toBe(edited.get(n)?.has(ProfileField.bio) ?? false);
        expect(r.location !== base.location, `location of ${n}`).toBe(
          edited.get(n)?.has(ProfileField.geo) ?? false,
        );
      }
      if (!base || edited.get(n)?.has(ProfileField.geo)) {
        if (base) geo++;
        const place = resolveLocationText(r.location as string, locations);
        expect({ country: r.country, region: r.region, city: r.city, metro: r.metro }).toEqual(place);
      }
    }
    expect(geo).toBeGreaterThan(0);

    // Live-born accounts carry only what X's user object says (live contract rule 1).
    for (const n of born) {
      const r = after.get(n)!;
      expect(r).toMatchObject({
        gender: null,
        age: null,
        job: null,
        jobCategory: null,
        device: '',
        operator: null,
        interests: [],
        topics: [],
        movies: [],
        community: -1,
        kind: '',
      });
      let posted = false;
      for (let p = posts0; p < net.posts.length && !posted; p++) posted = net.posts.author.get(p) === n;
      expect(r.lang === '', `lang of ${n}`).toBe(!posted);
      expect(Date.parse(r.created as string) / 1000).toBeGreaterThanOrEqual(ANCHOR);
    }
  });
});
