import { describe, expect, it } from 'vitest';
import { exportChunks } from '../export/ndjson-export';
import { generateNetwork } from '../generate/network';
import { isGone } from '../model/accounts';
import { EventKind } from '../model/events';
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
});

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
