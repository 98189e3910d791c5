import type { Network } from '@murmur/sandbox';

/**
 * What the sandbox's network says of these X ids, one line each (handle, flags — 1000 deleted,
 * 10000 suspended, 10 protected — and when the account was created): for the reader of a difference
 * between the live index and the export's.
 */
export function describeAccounts(network: Network, ids: readonly string[]): string[] {
  const { accounts } = network;
  const byId = new Map<string, number>();
  for (let i = 0; i < accounts.count; i++) byId.set(accounts.ids[i]!.toString(), i);
  return ids.map((id) => {
    const i = byId.get(id);
    if (i === undefined) return `${id}: not in the network`;
    const created = new Date(accounts.created[i]! * 1000).toISOString();
    return `${id} @${accounts.handles[i]} flags ${accounts.flags[i]!.toString(2)}, created ${created}`;
  });
}
