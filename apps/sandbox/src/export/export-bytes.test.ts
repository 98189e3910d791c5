import { describe, expect, it } from 'vitest';
import { CATALOGUE_KINDS } from '@murmur/core/export';
import { targetingCriteria } from '@murmur/core/x-catalogue';
import { generateNetwork } from '../generate/network';
import { followNow, unfollowNow } from '../history/actions';
import { liveLists } from '../history/live-lists';
import { AccountFlag, isGone } from '../model/accounts';
import type { Network } from '../network';
import { advance } from '../simulate/tick';
import { exportChunks, exportHeader } from './ndjson-export';
import { iso } from './records';
import { isoSeconds } from './iso-seconds';
import { accountRecord, followEventRecord, followingRecord, listRecord, postRecord } from './records';
import { indexEngagements } from './post-engagements';

/**
 * The export as the plain record builders (./records.ts) and JSON.stringify write it: the format's
 * reference. The export writes each record's JSON directly, and must give exactly these bytes.
 */
function referenceExport(net: Network): string {
  const lines: string[] = [JSON.stringify(exportHeader(net))];
  for (const kind of CATALOGUE_KINDS)
    lines.push(JSON.stringify({ type: 'catalogue', kind, items: targetingCriteria(kind) }));
  // Deleted and suspended accounts and deleted posts have no record (live contract rule 7).
  for (let i = 0; i < net.accounts.count; i++)
    if (!isGone(net.accounts, i)) lines.push(JSON.stringify(accountRecord(net, i)));
  for (let i = 0; i < net.accounts.count; i++)
    if (net.graph.outDegree[i]! > 0) lines.push(JSON.stringify(followingRecord(net, i)));
  const lists = liveLists(net);
  for (let l = 0; l < lists.count; l++) if (lists.exists(l)) lines.push(JSON.stringify(listRecord(net, l)));
  const engagements = indexEngagements(net.events, net.posts.length);
  for (let p = 0; p < net.posts.length; p++)
    if (!net.posts.deleted.get(p)) lines.push(JSON.stringify(postRecord(net, p, engagements)));
  for (let e = 0; e < net.events.length; e++) {
    const record = followEventRecord(net, e);
    if (record) lines.push(JSON.stringify(record));
  }
  lines.push(JSON.stringify({ type: 'end', records: lines.length + 1 }));
  return lines.join('\n') + '\n';
}

async function exported(net: Network, threads = 0): Promise<string> {
  let text = '';
  for await (const chunk of exportChunks(net, 1 << 16, threads)) text += chunk;
  return text;
}

/** The first differing line, so a failure names the record instead of two 5 MB strings. */
function firstDifference(
  actual: string,
  expected: string,
): { line: number; actual?: string; expected?: string } {
  const a = actual.split('\n');
  const b = expected.split('\n');
  const line = a.findIndex((l, i) => l !== b[i]);
  return line < 0
    ? { line: a.length === b.length ? -1 : a.length }
    : { line, actual: a[line], expected: b[line] };
}

describe('export bytes', () => {
  it('writes exactly the bytes of JSON.stringify over the record builders', async () => {
    const net = generateNetwork({ accounts: 3000, seed: 'bytes', historyDays: 6 });
    const [actual, expected] = [await exported(net), referenceExport(net)];
    expect(firstDifference(actual, expected)).toEqual({ line: -1 });
    expect(actual).toBe(expected);
    // Every record type is covered, and free text that JSON must escape is among them.
    for (const type of ['account', 'following', 'list', 'post', 'follow', 'unfollow'])
      expect(actual).toContain(`{"type":"${type}"`);
    // Blocks of 1024 records: several per type, written by two workers in turn.
    const parallel = await exported(net, 2);
    expect(firstDifference(parallel, expected)).toEqual({ line: -1 });
    expect(parallel).toBe(expected);
  });

  it('stays identical after API changes: uncompacted follows, edited and deleted lists, more history', async () => {
    const net = generateNetwork({ accounts: 1500, seed: 'bytes-live', historyDays: 3 });
    advance(net, 5);
    const [u, v] = [7, net.graph.following(7)[0]!];
    unfollowNow(net, u, v);
    followNow(net, u, 1499);
    followNow(net, 1499, u);
    const lists = liveLists(net);
    const created = lists.create(3, 'Quotes "and" \\ back\u2028slashes', 'tab\there, nul\u0000, é', true);
    lists.addMember(created, 42);
    lists.addMember(0, 1234);
    lists.update(1, { name: 'Renamed 🚀', private: true });
    lists.remove(2);
    const [actual, expected] = [await exported(net), referenceExport(net)];
    expect(firstDifference(actual, expected)).toEqual({ line: -1 });
    expect(actual).toBe(expected);
    expect(actual).toContain('Quotes \\"and\\" \\\\ back');
    // Worker threads write the same bytes from their shared copy of the network.
    expect(await exported(net, 2)).toBe(expected);
  });

  it('stays identical with accounts born, profiles edited and accounts gone after the anchor', async () => {
    const net = generateNetwork({ accounts: 2000, seed: 'bytes-births', historyDays: 1 });
    advance(net, 24 * 12);
    const born = net.simulation.lifecycle!.births!.born;
    expect(born.length).toBeGreaterThan(0);
    expect(born.some((u) => net.accounts.flags[u]! & AccountFlag.posted)).toBe(true);
    const expected = referenceExport(net);
    expect(firstDifference(await exported(net), expected)).toEqual({ line: -1 });
    expect(firstDifference(await exported(net, 2), expected)).toEqual({ line: -1 });
  });

  it('formats timestamps as iso does, across days, years and the edges it falls back on', () => {
    const samples = [0, 59, 3599, 86399, 86400, 951782400, 1709164799, 1735689599, 1767225600, 2 ** 32 - 1];
    for (let t = 1_600_000_000; t < 1_600_000_000 + 200_000; t += 997) samples.push(t);
    for (const t of [...samples, 1.5, -1, 253402300800]) expect(isoSeconds(t)).toBe(iso(t));
  });
});
