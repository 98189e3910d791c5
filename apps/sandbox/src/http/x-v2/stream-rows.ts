import { partitionOf } from '@murmur/core/live';
import type { Network } from '../../network';
import type { Shape } from './fields';
import type { StreamSpec, StreamView } from './stream-specs';

/** Per network and partition count, each account's partition + 1 (0: not computed yet). */
const partitionsOf = new WeakMap<Network, Map<number, Uint8Array>>();

/**
 * Account `owner`'s partition (0-based) among `partitions`, as X partitions its firehoses
 * (`partitionOf` its id): computed once per network and shared by every connection, where each of
 * a firehose's 20 partitions, read at once, kept a map of its own.
 */
export function partitionOfAccount(net: Network, owner: number, partitions: number): number {
  let byCount = partitionsOf.get(net);
  if (!byCount) partitionsOf.set(net, (byCount = new Map<number, Uint8Array>()));
  let known = byCount.get(partitions);
  if (!known || owner >= known.length) {
    // Accounts appear as the clock runs: room for the network's accounts now, doubling past them.
    const grown = new Uint8Array(Math.max(owner + 1, net.accounts.ids.length, (known?.length ?? 0) * 2));
    if (known) grown.set(known);
    byCount.set(partitions, (known = grown));
  }
  let p = known[owner]!;
  if (p === 0) known[owner] = p = partitionOf(net.accounts.ids[owner]!.toString(), partitions) + 1;
  return p - 1;
}

/**
 * The text a log row makes on one connection of `spec` (its lines, each `\r\n`-terminated; '' when
 * none is this connection's), for `partition` (0-based) of a partitioned stream. The row's owner is
 * read first (`spec.owner`), so a line is made only on the partition it goes to: a post's line (its
 * text, its author's user object) is made once, not once per partition.
 */
export function rowText(
  spec: StreamSpec,
  view: StreamView,
  shape: Shape,
  partition: number,
): (e: number) => string {
  const { net } = view;
  const mine = (owner: number): boolean =>
    spec.partitions === 0 || partitionOfAccount(net, owner, spec.partitions) === partition;
  return (e) => {
    if (spec.owner && spec.partitions > 0) {
      const owner = spec.owner(net, e);
      if (owner < 0 || !mine(owner)) return '';
    }
    let text = '';
    for (const line of spec.lines(view, shape, e))
      if (mine(line.owner)) text += JSON.stringify(line.body) + '\r\n';
    return text;
  };
}
