import { describe, expect, it } from 'vitest';
import { generateNetwork } from '../../generate/network';
import { eventsAbout } from '../../history/queries';
import { advance } from '../../simulate/tick';
import { accountByHandle, accountById } from './lookup';

describe('account look-ups while accounts are born', () => {
  it('find accounts born after the look-ups were built, by id and by handle, and their history', () => {
    const net = generateNetwork({
      accounts: 1500,
      seed: 'lookup-births',
      historyDays: 1,
      now: Date.UTC(2026, 7, 1) / 1000,
    });
    // Built before any birth.
    expect(accountById(net, net.accounts.ids[7]!.toString())).toBe(7);
    expect(accountByHandle(net, net.accounts.handles[7]!)).toBe(7);
    expect(eventsAbout(net, 7, 0).length).toBeGreaterThan(0);
    advance(net, 24 * 8);
    const born = net.simulation.lifecycle!.births!.born;
    expect(born.length).toBeGreaterThan(0);
    for (const u of born) {
      expect(accountById(net, net.accounts.ids[u]!.toString())).toBe(u);
      expect(accountByHandle(net, net.accounts.handles[u]!.toUpperCase())).toBe(u);
      // The history index (built before the birth) answers for it: every logged event about it.
      let about = 0;
      for (let e = 0; e < net.events.length; e++) if (net.events.target.get(e) === u) about++;
      expect(eventsAbout(net, u, 0).length).toBe(about);
    }
    // Every older account is still found.
    for (let u = 0; u < 1500; u += 37) {
      expect(accountById(net, net.accounts.ids[u]!.toString())).toBe(u);
      expect(accountByHandle(net, net.accounts.handles[u]!)).toBe(u);
    }
  });
});
