import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AccountKind } from '../model/accounts';
import type { Network } from '../network';
import { generateNetwork } from './network';

/** A digest of everything generation decides (columns, strings, edges, posts, events). */
function fingerprint(net: Network): string {
  const hash = createHash('sha256');
  const a = net.accounts;
  for (const column of [
    a.ids,
    a.created,
    a.kind,
    a.flags,
    a.country,
    a.region,
    a.city,
    a.language,
    a.gender,
    a.ageBand,
    a.job,
    a.platform,
    a.operator,
    a.community,
    a.seed,
    a.interests.values,
    a.topics.values,
    a.movies.values,
  ]) {
    hash.update(new Uint8Array(column.buffer, column.byteOffset, column.byteLength));
  }
  hash.update(a.handles.join('\n') + a.names.join('\n'));
  const { following } = net.graph.snapshot();
  hash.update(following.values);
  hash.update(net.posts.seed.view());
  hash.update(net.events.time.view());
  hash.update(net.events.actor.view());
  hash.update(net.lists.members.values);
  return hash.digest('hex');
}

describe('generateNetwork', () => {
  const a = generateNetwork({ accounts: 2000, seed: 'alpha', historyDays: 7 });

  it('is deterministic for a seed and size, and differs between seeds', () => {
    expect(fingerprint(generateNetwork({ accounts: 2000, seed: 'alpha', historyDays: 7 }))).toBe(
      fingerprint(a),
    );
    expect(fingerprint(generateNetwork({ accounts: 2000, seed: 'beta', historyDays: 7 }))).not.toBe(
      fingerprint(a),
    );
  });

  it('gives every account a unique, valid @handle and a unique X-like id that grows with age', () => {
    const { handles, ids, created } = a.accounts;
    expect(handles.every((h) => /^[A-Za-z0-9_]{4,15}$/.test(h))).toBe(true);
    expect(new Set(handles.map((h) => h.toLowerCase())).size).toBe(handles.length);
    expect(new Set(ids).size).toBe(ids.length);
    const order = Array.from(created.keys()).sort((x, y) => created[x]! - created[y]! || x - y);
    for (let k = 1; k < order.length; k++) expect(ids[order[k]!]! > ids[order[k - 1]!]!).toBe(true);
    expect(a.accounts.created.every((t) => t < a.start)).toBe(true);
  });

  it('gives spam its tell-tale traits: young, default-looking handles, following many, followed by few', () => {
    const acc = a.accounts;
    const spam = [...Array(acc.count).keys()].filter((i) => acc.kind[i] === AccountKind.spam);
    const people = [...Array(acc.count).keys()].filter((i) => acc.kind[i] === AccountKind.person);
    const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    const ageDays = (i: number): number => (a.start - acc.created[i]!) / 86400;
    expect(mean(spam.map(ageDays))).toBeLessThan(120);
    expect(mean(people.map(ageDays))).toBeGreaterThan(1000);
    expect(spam.filter((i) => /\d{8}$/.test(acc.handles[i]!)).length / spam.length).toBeGreaterThan(0.9);
    const ratio = (i: number): number => a.graph.outDegree[i]! / (a.graph.inDegree[i]! + 1);
    expect(mean(spam.map(ratio))).toBeGreaterThan(4 * mean(people.map(ratio)));
  });

  it('keeps a time-sorted history of posts, engagements, follows and unfollows', () => {
    const times = a.events.time.view();
    for (let k = 1; k < times.length; k++) expect(times[k]! >= times[k - 1]!).toBe(true);
    expect(times[0]!).toBeGreaterThanOrEqual(a.start);
    expect(times[times.length - 1]!).toBeLessThan(a.clock.now);
    const kinds = new Set(a.events.kind.view());
    expect([...kinds].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    // An engagement always comes after the post it engages with.
    for (let k = 0; k < a.events.length; k++) {
      const post = a.events.post.get(k);
      if (a.events.kind.get(k) >= 4) expect(a.events.time.get(k)).toBeGreaterThan(a.posts.time.get(post));
    }
  });

  it('builds lists around an interest with members', () => {
    expect(a.lists.count).toBeGreaterThan(20);
    for (let l = 0; l < a.lists.count; l++) {
      const size = a.lists.members.offsets[l + 1]! - a.lists.members.offsets[l]!;
      expect(size).toBeGreaterThanOrEqual(3);
    }
  });
});
