import { describe, expect, it } from 'vitest';
import { partitionOf } from '@murmur/core/live';
import { generateNetwork } from '../../generate/network';
import { deletePostNow, removeAccountNow } from '../../history/actions';
import type { Network } from '../../network';
import { advance } from '../../simulate/tick';
import { ActivitySubscriptions } from './activity';
import { parseShape } from './fields';
import { STREAMS, type StreamSpec, type StreamView } from './stream-specs';
import { partitionOfAccount, rowText } from './stream-rows';

/**
 * A partitioned stream's connection makes only its own partition's lines (stream-rows.ts): each row
 * of the event log is made into lines once over all of a stream's partitions, not once per
 * partition, and every partition gets exactly the text it got when each line was made on every
 * partition and kept where its owner's id falls.
 */
describe('stream rows by partition', () => {
  const net = generateNetwork({
    accounts: 1500,
    seed: 'stream-rows',
    historyDays: 2,
    now: Date.UTC(2026, 7, 1) / 1000,
  });
  // A day of the running clock, then accounts suspended and deleted and posts deleted now: rows of
  // every partitioned stream.
  advance(net, 24);
  for (let a = 10; a < 400; a += 40) removeAccountNow(net, a, a % 80 === 10 ? 'suspend' : 'delete');
  for (let p = 0; p < 300; p += 30) deletePostNow(net, net.posts.length - 1 - p);
  const view: StreamView = {
    net,
    origin: 'http://x.test',
    viewer: -1,
    activity: new ActivitySubscriptions(),
  };
  const rows = net.events.length;
  const partitioned = STREAMS.filter((s) => s.partitions > 0);
  const owned = (spec: StreamSpec) => {
    let n = 0;
    for (let e = 0; e < rows; e++) if (spec.owner!(net, e) >= 0) n++;
    return n;
  };

  it('covers every partitioned stream, and the log has rows of each', () => {
    expect(partitioned.map((s) => s.path).sort()).toEqual([
      '/likes/firehose/stream',
      '/tweets/compliance/stream',
      '/tweets/firehose/stream',
      '/users/compliance/stream',
    ]);
    for (const spec of partitioned) expect(owned(spec), spec.path).toBeGreaterThanOrEqual(10);
  });

  it.each(partitioned.map((s) => [s.path, s] as const))(
    '%s: each line made once, on its own partition',
    (path, spec) => {
      const shape = parseShape(
        path === '/tweets/firehose/stream'
          ? { expansions: 'author_id', 'tweet.fields': 'created_at,author_id', 'user.fields': 'description' }
          : {},
        spec.expansions,
      );
      // Every line made on every partition, kept where its owner's id falls.
      const expected: string[] = Array.from({ length: spec.partitions }, () => '');
      let lines = 0;
      for (let e = 0; e < rows; e++) {
        for (const line of spec.lines(view, shape, e)) {
          const p = partitionOf(net.accounts.ids[line.owner]!.toString(), spec.partitions);
          expected[p] += JSON.stringify(line.body) + '\r\n';
          lines++;
        }
      }
      expect(lines).toBeGreaterThanOrEqual(10);
      let made = 0;
      const counted: StreamSpec = {
        ...spec,
        lines: (v, s, e) => {
          made++;
          return spec.lines(v, s, e);
        },
      };
      for (let p = 0; p < spec.partitions; p++) {
        const text = rowText(counted, view, shape, p);
        let got = '';
        for (let e = 0; e < rows; e++) got += text(e);
        expect(got, `partition ${p + 1}`).toBe(expected[p]);
      }
      // Once per row that has a line on this stream, whatever the number of partitions.
      expect(made).toBe(owned(spec));
    },
  );

  it('computes an account’s partition as X does, for accounts the network gains later too', () => {
    for (let n = 0; n < net.accounts.count; n += 97) {
      const id = net.accounts.ids[n]!.toString();
      expect(partitionOfAccount(net, n, 20)).toBe(partitionOf(id, 20));
      expect(partitionOfAccount(net, n, 4)).toBe(partitionOf(id, 4));
    }
    // A network whose id column grows (new accounts), asked past the room it had.
    const small = { accounts: { ids: BigUint64Array.of(11n, 12n) } } as unknown as Network;
    expect(partitionOfAccount(small, 1, 20)).toBe(partitionOf('12', 20));
    small.accounts.ids = BigUint64Array.of(11n, 12n, 13n, 14n, 15n, 16n);
    for (let n = 0; n < 6; n++)
      expect(partitionOfAccount(small, n, 20)).toBe(partitionOf(String(11 + n), 20));
  });
});
