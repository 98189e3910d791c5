import { LIST_FIELDS, TWEET_FIELDS, USER_FIELDS } from './field-names';
import { invalidRequest, type ParameterError } from './problems';

export { LIST_EXPANSIONS, TWEET_EXPANSIONS, USER_EXPANSIONS } from './field-names';

/**
 * X renamed tweets to posts in its newer documents (post.fields, pinned_post_id, includes.posts)
 * while the live API and client libraries still speak tweet.fields, pinned_tweet_id and
 * includes.tweets. The sandbox accepts both and answers in the dialect the request used.
 */
export type Dialect = 'tweet' | 'post';

export interface Shape {
  user: Set<string>;
  tweet: Set<string>;
  list: Set<string>;
  expansions: Set<string>;
  dialect: Dialect;
}

type Query = Record<string, string | undefined>;

function values(
  query: Query,
  name: string,
  allowed: readonly string[],
  errors: ParameterError[],
): Set<string> {
  const raw = query[name];
  if (raw === undefined) return new Set();
  const list = raw.split(',').filter(Boolean);
  const bad = list.filter((v) => !allowed.includes(v));
  if (bad.length > 0)
    errors.push({
      parameters: { [name]: [bad.join(',')] },
      message: `The \`${name}\` query parameter value [${bad[0]}] is not one of [${allowed.join(',')}]`,
    });
  return new Set(list);
}

/** Fields and expansions of a request, validated like X (unknown values are a 400). */
export function parseShape(query: Query, expansions: readonly string[]): Shape {
  const errors: ParameterError[] = [];
  const user = values(query, 'user.fields', USER_FIELDS, errors);
  const tweetRaw = query['tweet.fields'] !== undefined ? 'tweet.fields' : 'post.fields';
  const tweet = values(query, tweetRaw, TWEET_FIELDS, errors);
  const list = values(query, 'list.fields', LIST_FIELDS, errors);
  const expand = values(query, 'expansions', expansions, errors);
  if (errors.length > 0) throw invalidRequest(errors);
  const speaksPost =
    query['post.fields'] !== undefined ||
    [...expand, ...tweet, ...user].some((v) => /_post_|_posts?$|posts/.test(v));
  return { user, tweet, list, expansions: expand, dialect: speaksPost ? 'post' : 'tweet' };
}

/** X refuses unknown query parameters with the list of the ones it knows. */
export function checkParameters(query: Query, allowed: readonly string[]): void {
  const unknown = Object.keys(query).filter((name) => !allowed.includes(name));
  if (unknown.length > 0)
    throw invalidRequest(
      unknown.map((name) => ({
        parameters: { [name]: [query[name] ?? ''] },
        message: `The query parameter [${name}] is not one of [${allowed.join(',')}]`,
      })),
    );
}

/** max_results within X's bounds for the endpoint, or its default. */
export function maxResults(query: Query, min: number, max: number, fallback: number): number {
  const raw = query.max_results;
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max)
    throw invalidRequest([
      {
        parameters: { max_results: [raw] },
        message: `The \`max_results\` query parameter value [${raw}] is not between ${min} and ${max}`,
      },
    ]);
  return value;
}

/** The query parameters of endpoints that return users, lists or posts, for checkParameters. */
export const USER_SHAPE_PARAMS = ['user.fields', 'expansions', 'tweet.fields', 'post.fields'];
export const TWEET_SHAPE_PARAMS = [
  'tweet.fields',
  'post.fields',
  'expansions',
  'user.fields',
  'media.fields',
  'poll.fields',
  'place.fields',
];
export const LIST_SHAPE_PARAMS = ['list.fields', 'expansions', 'user.fields'];
