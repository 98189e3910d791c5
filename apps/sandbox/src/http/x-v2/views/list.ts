import { liveLists } from '../../../history/live-lists';
import type { Network } from '../../../network';
import type { Shape } from '../fields';
import { isoMillis } from './entities';

/**
 * A list object: id and name, plus the requested fields. Nobody follows lists in the sandbox's
 * model, so follower_count is 0 rather than an invented number.
 */
export function listObject(net: Network, l: number, shape: Shape): Record<string, unknown> {
  const lists = liveLists(net);
  const list = lists.get(l);
  const out: Record<string, unknown> = { id: lists.id(l), name: list.name };
  const fields = shape.list;
  if (fields.has('created_at')) out.created_at = isoMillis(list.created);
  if (fields.has('description')) out.description = list.description;
  if (fields.has('private')) out.private = list.private;
  if (fields.has('member_count')) out.member_count = list.members.length;
  if (fields.has('follower_count')) out.follower_count = 0;
  if (fields.has('owner_id') || shape.expansions.has('owner_id'))
    out.owner_id = net.accounts.ids[list.owner]!.toString();
  return out;
}
