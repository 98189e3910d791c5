/**
 * Stream lines in X's shapes for the live path's tests, and the check that they are X's shapes:
 * each is validated against the schemas of X's OpenAPI document (excerpt in __fixtures__).
 */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AjvModule from 'ajv';
import { expect } from 'vitest';
import type { XStreamKind } from './translate';

const openapi = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '__fixtures__/x-api-v2-openapi.streams.json'), 'utf8'),
) as { components: { schemas: Record<string, { discriminator?: { mapping: Record<string, string> } }> } };
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default ?? AjvModule;
const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore', format: false } as never);
ajv.addSchema({ $id: 'x', components: openapi.components });

const RESPONSE: Record<XStreamKind, string> = {
  posts: 'StreamPostsFirehoseResponse',
  likes: 'StreamLikesFirehoseResponse',
  activity: 'ActivityStreamResponse',
  'users-compliance': 'StreamUsersComplianceResponse',
  'posts-compliance': 'StreamPostsComplianceResponse',
};
const ACTIVITY_PAYLOADS = openapi.components.schemas.ActivityStreamingResponsePayload!.discriminator!.mapping;

const check = (ref: string, body: unknown) => {
  const validate = ajv.getSchema(`x${ref}`)!;
  const ok = validate(body);
  expect(ok, `${ref}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
};

/** Fails the test unless `line` is a valid line of the `kind` stream by X's document. */
export function expectXShape(kind: XStreamKind, line: Record<string, unknown>): void {
  if (kind !== 'activity') return check(`#/components/schemas/${RESPONSE[kind]}`, line);
  // The payload's oneOf is told by its discriminator, as the document means it (__fixtures__/README.md).
  const { payload, ...data } = line.data as { event_type: string; payload: unknown };
  check('#/components/schemas/ActivityStreamResponse', { ...line, data });
  const ref = ACTIVITY_PAYLOADS[data.event_type];
  expect(ref, `event_type ${data.event_type} in the document`).toBeDefined();
  check(ref!, payload);
}

/** X's Snowflake id for an instant (ms) and a sequence number. */
export const snowflake = (ms: number, seq = 0): string =>
  ((BigInt(ms - 1_288_834_974_657) << 22n) | BigInt(seq)).toString();

export interface UserInit {
  id: string;
  username: string;
  name?: string;
  description?: string;
  location?: string;
  protected?: boolean;
  verified?: boolean;
}

/** A user object with the user.fields the collector asks for. */
export const xUser = (u: UserInit) => ({
  id: u.id,
  username: u.username,
  name: u.name ?? u.username,
  description: u.description ?? '',
  location: u.location ?? '',
  created_at: '2019-04-01T09:30:00.000Z',
  protected: u.protected ?? false,
  verified: u.verified ?? false,
  public_metrics: { followers_count: 10, following_count: 20, post_count: 30, listed_count: 0 },
});

export interface PostInit {
  id: string;
  author: UserInit;
  at: number;
  text?: string;
  lang?: string;
  hashtags?: string[];
  mentions?: { id: string; username: string }[];
  refs?: { type: 'retweeted' | 'quoted' | 'replied_to'; id: string }[];
}

/** A posts-firehose line: the post with its entities and the author's object in includes.users. */
export const postLine = (p: PostInit) => {
  const body = p.text ?? 'hello';
  return {
    data: {
      id: p.id,
      author_id: p.author.id,
      created_at: new Date(p.at).toISOString(),
      text: body,
      lang: p.lang ?? 'en',
      edit_history_post_ids: [p.id],
      entities: {
        hashtags: (p.hashtags ?? []).map((tag, i) => ({ start: i, end: i + tag.length + 1, tag })),
        mentions: (p.mentions ?? []).map((m, i) => ({
          start: i,
          end: i + 1,
          id: m.id,
          username: m.username,
        })),
      },
      ...(p.refs && { referenced_posts: p.refs }),
    },
    includes: { users: [xUser(p.author)] },
  };
};

/** A likes-firehose line; the liker's object is the one in includes.users. */
export const likeLine = (l: { liker: UserInit; post: string; author: string; at: number }) => ({
  data: {
    id: `lk${l.liker.id}x${l.post}`,
    created_at: new Date(l.at).toISOString(),
    liked_tweet_id: l.post,
    tweet_author_id: l.author,
  },
  includes: { users: [xUser(l.liker)] },
});

/** An Activity API line; its event id is the Snowflake of its instant. */
export const activityLine = (eventType: string, at: number, payload: unknown, extra: object = {}) => ({
  data: { event_type: eventType, event_uuid: snowflake(at), payload, ...extra },
});

export const userComplianceLine = (field: string, user: string, at: number) => ({
  data: { [field]: { user: { id: user }, event_at: new Date(at).toISOString() } },
});

export const postComplianceLine = (field: string, post: string, author: string, at: number) => ({
  data: { [field]: { tweet: { id: post, author_id: author }, event_at: new Date(at).toISOString() } },
});
