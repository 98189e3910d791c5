import { AccountFlag, AccountKind } from '../../../model/accounts';
import type { Network } from '../../../network';
import { liveLists } from '../../../history/live-lists';
import { bioOf, locationOf } from '../../../text/bio';
import type { Dialect, Shape } from '../fields';
import { latestPost, pinnedPost, postCount } from '../indexes';
import { postId } from '../../../model/posts';
import { isoMillis, textEntities } from './entities';

export interface ViewContext {
  net: Network;
  /** Absolute URL of the X surface, for profile image URLs. */
  origin: string;
  /** The calling user's account, or -1 for app-only calls (connection_status needs it). */
  viewer: number;
}

const wants = (shape: Shape, ...names: string[]): boolean =>
  names.some((n) => shape.user.has(n) || shape.expansions.has(n));

const name = (dialect: Dialect, base: 'pinned' | 'most_recent'): string => `${base}_${dialect}_id`;

/** Brands and media link their site in the profile, as their bios say. */
export const profileUrl = (net: Network, a: number): string =>
  net.accounts.kind[a] === AccountKind.brand || net.accounts.kind[a] === AccountKind.media
    ? `https://${net.accounts.handles[a]!.toLowerCase()}.example`
    : '';

/** A user object with the default fields (id, name, username) plus the requested ones. */
export function userObject(view: ViewContext, a: number, shape: Shape): Record<string, unknown> {
  const { net } = view;
  const accounts = net.accounts;
  const user: Record<string, unknown> = {
    id: accounts.ids[a]!.toString(),
    name: accounts.names[a],
    username: accounts.handles[a],
  };
  const flags = accounts.flags[a]!;
  const fields = shape.user;
  if (fields.has('created_at')) user.created_at = isoMillis(accounts.created[a]!);
  if (fields.has('description')) user.description = bioOf(accounts, a);
  if (fields.has('location')) {
    const location = locationOf(accounts, a);
    if (location) user.location = location;
  }
  if (fields.has('url')) user.url = profileUrl(net, a);
  if (fields.has('entities')) {
    const url = profileUrl(net, a);
    const entities: Record<string, unknown> = { description: textEntities(net, bioOf(accounts, a)) };
    if (url) entities.url = textEntities(net, url);
    user.entities = entities;
  }
  if (fields.has('protected')) user.protected = (flags & AccountFlag.protected) !== 0;
  if (fields.has('verified')) user.verified = (flags & AccountFlag.verified) !== 0;
  if (fields.has('verified_type'))
    user.verified_type = !(flags & AccountFlag.verified)
      ? 'none'
      : accounts.kind[a] === AccountKind.brand
        ? 'business'
        : 'blue';
  if (fields.has('profile_image_url'))
    user.profile_image_url = `${view.origin}/profile_images/${user.id as string}_normal.svg`;
  if (fields.has('public_metrics')) {
    const posts = postCount(net, a);
    user.public_metrics = {
      followers_count: net.graph.inDegree[a],
      following_count: net.graph.outDegree[a],
      // The live API and its client libraries read tweet_count; X's current OpenAPI document names
      // it post_count. Both are sent, whichever spelling the request used (README "Shapes").
      tweet_count: posts,
      post_count: posts,
      listed_count: liveLists(net).listedCount(a),
      media_count: 0,
    };
  }
  if (fields.has('connection_status') && view.viewer >= 0 && view.viewer !== a) {
    const status: string[] = [];
    if (net.graph.follows(view.viewer, a)) status.push('following');
    if (net.graph.follows(a, view.viewer)) status.push('followed_by');
    user.connection_status = status;
  }
  for (const base of ['pinned', 'most_recent'] as const) {
    if (!wants(shape, `${base}_tweet_id`, `${base}_post_id`)) continue;
    const p = base === 'pinned' ? pinnedPost(net, a) : latestPost(net, a);
    if (p >= 0) user[name(shape.dialect, base)] = postId(net.posts, p);
  }
  return user;
}
