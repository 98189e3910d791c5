import type { Network } from '@murmur/sandbox';
import { postId } from '../../apps/sandbox/src/model/posts';

/**
 * What the sandbox's network says of these X ids, one line each: of an account its handle, flags
 * (1000 deleted, 10000 suspended, 10 protected) and when it was created; of a post, describePost's.
 * For the reader of a difference between the live index and the export's.
 */
export function describeAccounts(network: Network, ids: readonly string[]): string[] {
  const { accounts } = network;
  const byId = new Map<string, number>();
  for (let i = 0; i < accounts.count; i++) byId.set(accounts.ids[i]!.toString(), i);
  return ids.map((id) => {
    const i = byId.get(id);
    // Not an account: perhaps a post (a post one index holds and the other not).
    if (i === undefined) return describePost(network, id);
    const created = new Date(accounts.created[i]! * 1000).toISOString();
    return `${id} @${accounts.handles[i]} flags ${accounts.flags[i]!.toString(2)}, created ${created}`;
  });
}

/**
 * What the sandbox's network says of a post id (author, time, deleted, the post it replies to): for
 * the reader of a post one index holds and the other not. A post id's low 22 bits are its index
 * modulo 2^22 (apps/sandbox/src/model/posts.ts `postId`).
 */
function describePost(network: Network, id: string): string {
  const { posts, accounts } = network;
  if (!/^\d+$/.test(id)) return `${id}: not in the network`;
  let i = Number(BigInt(id) & 0x3fffffn);
  while (i < posts.length && postId(posts, i) !== id) i += 0x400000;
  if (i >= posts.length) return `${id}: not in the network`;
  const reply = posts.replyTo.get(i);
  const author = accounts.ids[posts.author.get(i)]!.toString();
  const at = new Date(posts.time.get(i) * 1000).toISOString();
  return `post ${id} by ${author} at ${at}, deleted ${posts.deleted.get(i)}${reply >= 0 ? `, replying to ${postId(posts, reply)}` : ''}`;
}
