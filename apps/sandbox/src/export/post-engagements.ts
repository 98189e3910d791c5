import { EventKind, type EventLog } from '../model/events';

/**
 * Engagement events grouped by post (CSR over log positions), built once per export so each post
 * record can list who liked, reposted and replied, and when.
 */
export interface PostEngagements {
  offsets: Uint32Array;
  positions: Uint32Array;
}

const isEngagement = (kind: number): boolean =>
  kind === EventKind.like || kind === EventKind.repost || kind === EventKind.reply;

export function indexEngagements(events: EventLog, posts: number): PostEngagements {
  const kinds = events.kind.view();
  const post = events.post.view();
  const offsets = new Uint32Array(posts + 1);
  for (let p = 0; p < kinds.length; p++) if (isEngagement(kinds[p]!)) offsets[post[p]! + 1]!++;
  for (let i = 0; i < posts; i++) offsets[i + 1]! += offsets[i]!;
  const positions = new Uint32Array(offsets[posts]!);
  const cursor = offsets.slice(0, posts);
  for (let p = 0; p < kinds.length; p++) if (isEngagement(kinds[p]!)) positions[cursor[post[p]!]!++] = p;
  return { offsets, positions };
}
