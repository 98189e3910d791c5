import type { FastifyInstance } from 'fastify';
import { EventKind, ProfileField, profileChange } from '../../model/events';
import { postId } from '../../model/posts';
import type { Network } from '../../network';
import { bioOf, locationOf } from '../../text/bio';
import { accountById } from '../shared/lookup';
import { xRoute, type XContext } from './context';
import type { Shape } from './fields';
import { invalidParameter, invalidRequest, XProblem } from './problems';
import { isoMillis } from './views/entities';
import { userObject, type ViewContext } from './views/user';

/** Event types X's document lets a subscription name (CreateActivitySubscriptionRequest.event_type). */
export const ACTIVITY_EVENT_TYPES = [
  'profile.update.bio',
  'profile.update.profile_picture',
  'profile.update.banner_picture',
  'profile.update.screenname',
  'profile.update.geo',
  'profile.update.url',
  'profile.update.verified_badge',
  'profile.update.affiliate_badge',
  'profile.update.handle',
  'news.new',
  'follow.follow',
  'follow.unfollow',
  'spaces.start',
  'spaces.end',
  'broadcast.start',
  'broadcast.end',
  'broadcast.chat',
  'chat.received',
  'chat.sent',
  'chat.conversation.join',
  'chat.conversation_join',
  'chat.conversation.member_added',
  'chat.conversation.member_removed',
  'chat.conversation.admin_added',
  'chat.conversation.admin_removed',
  'chat.update.group_name',
  'chat.update.restrictions',
  'dm.sent',
  'dm.received',
  'dm.indicate_typing',
  'dm.read',
  'post.create',
  'post.delete',
  'post.mention.create',
  'post.reply.create',
  'post.quote.create',
  'post.repost.create',
  'like.create',
  'mute.mute',
  'mute.unmute',
  'block.block',
  'block.unblock',
] as const;

/** The event types the sandbox's network makes (the others are accepted and never fire). */
export const SANDBOX_ACTIVITY_TYPES = [
  'follow.follow',
  'follow.unfollow',
  'profile.update.bio',
  'profile.update.geo',
  'post.delete',
] as const;

export interface ActivityFilter {
  user_id?: string;
  direction?: 'inbound' | 'outbound';
  keyword?: string;
}

export interface ActivitySubscription {
  id: string;
  eventType: string;
  filter: ActivityFilter;
  tag?: string;
  webhookId?: string;
  /** Wall-clock ms. */
  created: number;
  updated: number;
}

/** Most subscriptions one sandbox holds (X bounds them per plan). */
export const MAX_SUBSCRIPTIONS = 1000;

/**
 * The subscriptions of the sandbox's developer app. A sandbox stands for one X developer project, so
 * they are shared by its app-only and user-context callers.
 */
export class ActivitySubscriptions {
  readonly byId = new Map<string, ActivitySubscription>();
  private next = 1_000_000_000_000_000_000n;

  create(eventType: string, filter: ActivityFilter, now: number, tag?: string, webhookId?: string) {
    const id = (this.next++).toString();
    const sub: ActivitySubscription = { id, eventType, filter, created: now, updated: now };
    if (tag !== undefined) sub.tag = tag;
    if (webhookId !== undefined) sub.webhookId = webhookId;
    this.byId.set(id, sub);
    return sub;
  }
}

/** The user fields an activity line carries (the stream takes no user.fields). */
const ACTIVITY_USER_SHAPE: Shape = {
  user: new Set(['created_at', 'description', 'location', 'protected', 'verified', 'public_metrics']),
  tweet: new Set(),
  list: new Set(),
  expansions: new Set(),
  dialect: 'post',
};

/** X's snowflake epoch (ms). */
const TWEPOCH = 1288834974657n;

/**
 * An event's id as X mints them: a Snowflake of its instant, so a client can read the time back
 * (`(id >> 22) + epoch`) and a replayed line has the same id; the low bits name the log row.
 */
export const activityEventId = (seconds: number, row: number, variant = 0): string =>
  (((BigInt(seconds) * 1000n - TWEPOCH) << 22n) | BigInt((row * 2 + variant) & 0x3fffff)).toString();

interface ActivityEvent {
  type: string;
  /** The account the event is about (the follower for follows): its partition owner. */
  owner: number;
  /** Accounts a `user_id` filter may name, with the direction each is seen from. */
  inbound: number;
  outbound: number;
  payload: object;
  /** Text a keyword filter matches. */
  text: string;
  includesUser?: number;
}

/** The activity events of log row `e` (none for rows the Activity API does not carry). */
function eventsOf(view: ViewContext, e: number): ActivityEvent[] {
  const net = view.net;
  const { events, accounts } = net;
  const kind = events.kind.get(e);
  const actor = events.actor.get(e);
  if (kind === EventKind.follow || kind === EventKind.unfollow) {
    const target = events.target.get(e);
    return [
      {
        type: kind === EventKind.follow ? 'follow.follow' : 'follow.unfollow',
        owner: actor,
        outbound: actor,
        inbound: target,
        payload: {
          source: userObject(view, actor, ACTIVITY_USER_SHAPE),
          target: userObject(view, target, ACTIVITY_USER_SHAPE),
        },
        text: `${accounts.handles[actor]} ${accounts.handles[target]}`,
      },
    ];
  }
  if (kind === EventKind.profile) {
    const { field, after } = profileChange(events.post.get(e));
    const [before, now] =
      field === ProfileField.geo
        ? [locationOf(accounts, actor, 0), locationOf(accounts, actor, after)]
        : [bioOf(accounts, actor, (after - 1) & 0xff), bioOf(accounts, actor, after)];
    return [
      {
        type: field === ProfileField.geo ? 'profile.update.geo' : 'profile.update.bio',
        owner: actor,
        outbound: actor,
        inbound: actor,
        payload: { before, after: now },
        text: now,
        includesUser: actor,
      },
    ];
  }
  if (kind === EventKind.postDelete) {
    const p = events.post.get(e);
    const author = net.posts.author.get(p);
    return [
      {
        type: 'post.delete',
        owner: author,
        outbound: author,
        inbound: author,
        payload: { id: postId(net.posts, p), author_id: accounts.ids[author]!.toString() },
        text: '',
      },
    ];
  }
  return [];
}

/** Does a subscription take this event (event type, user and direction, keyword)? */
function matches(net: Network, sub: ActivitySubscription, event: ActivityEvent): boolean {
  if (sub.eventType !== event.type) return false;
  const { user_id: user, direction, keyword } = sub.filter;
  if (keyword && !event.text.toLowerCase().includes(keyword.toLowerCase())) return false;
  if (user === undefined) return true;
  const id = (u: number): string => net.accounts.ids[u]!.toString();
  if (direction === 'inbound') return id(event.inbound) === user;
  if (direction === 'outbound') return id(event.outbound) === user;
  return id(event.inbound) === user || id(event.outbound) === user;
}

/**
 * The lines of log row `e` on `/2/activity/stream` (ActivityStreamResponse): one per subscription
 * that takes the event, with that subscription's filter and tag. An app with no subscription at all
 * receives every event the sandbox makes, as if it had subscribed to each type for every account (a
 * data partner's collector need not create one subscription per account; README "Activity API").
 * The line's `filter.user_id` always names the account the event is about (the follower for
 * follows, inbound or outbound as the subscription says).
 */
export function activityLines(
  view: ViewContext,
  subscriptions: ActivitySubscriptions,
  e: number,
): { owner: number; body: object }[] {
  const out: { owner: number; body: object }[] = [];
  const net = view.net;
  const at = net.events.time.get(e);
  const events = eventsOf(view, e);
  events.forEach((event, variant) => {
    const subs =
      subscriptions.byId.size === 0
        ? [undefined]
        : [...subscriptions.byId.values()].filter((s) => matches(net, s, event));
    for (const sub of subs) {
      // The side the line is seen from: the subscription's direction, else the side its user is on.
      const inbound =
        sub?.filter.direction === 'inbound' ||
        (sub?.filter.direction === undefined &&
          sub?.filter.user_id !== undefined &&
          sub.filter.user_id !== net.accounts.ids[event.outbound]!.toString());
      const filter: ActivityFilter = {
        user_id:
          sub?.filter.user_id ?? net.accounts.ids[inbound ? event.inbound : event.outbound]!.toString(),
      };
      if (event.type.startsWith('follow.')) filter.direction = inbound ? 'inbound' : 'outbound';
      if (sub?.filter.keyword) filter.keyword = sub.filter.keyword;
      const data: Record<string, unknown> = {
        event_type: event.type,
        event_uuid: activityEventId(at, e, variant),
        filter,
        payload: event.payload,
      };
      if (event.includesUser !== undefined)
        data.includes = { users: [userObject(view, event.includesUser, ACTIVITY_USER_SHAPE)] };
      if (sub?.tag) data.tag = sub.tag;
      out.push({ owner: event.owner, body: { data } });
    }
  });
  return out;
}

const subscriptionJson = (s: ActivitySubscription): Record<string, unknown> => {
  const json: Record<string, unknown> = {
    created_at: isoMillis(Math.floor(s.created / 1000), s.created % 1000),
    event_type: s.eventType,
    filter: { ...s.filter },
    subscription_id: s.id,
    updated_at: isoMillis(Math.floor(s.updated / 1000), s.updated % 1000),
  };
  if (s.tag !== undefined) json.tag = s.tag;
  if (s.webhookId !== undefined) json.webhook_id = s.webhookId;
  return json;
};

const ID = /^[0-9]{1,19}$/;

/** A body value as X echoes it in an error: never the whole of a nested value (it may be hostile). */
const shown = (value: unknown): string =>
  typeof value === 'string'
    ? value.slice(0, 200)
    : value === null || typeof value !== 'object'
      ? String(value)
      : Array.isArray(value)
        ? '[array]'
        : '[object]';

function tagOf(body: Record<string, unknown>): string | undefined {
  const tag = body.tag;
  if (tag === undefined) return undefined;
  if (typeof tag !== 'string' || tag.length < 1 || tag.length > 200)
    throw invalidParameter('tag', shown(tag), 'The `tag` field must be a string of 1 to 200 characters');
  return tag;
}

function webhookOf(body: Record<string, unknown>): string | undefined {
  const id = body.webhook_id;
  if (id === undefined) return undefined;
  if (typeof id !== 'string' || !ID.test(id))
    throw invalidParameter('webhook_id', shown(id), 'The `webhook_id` field must be a numeric id');
  return id;
}

function onlyFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0)
    throw invalidRequest(
      unknown.map((k) => ({ parameters: { [k]: [shown(body[k])] }, message: `Unknown field: ${k}` })),
    );
}

function filterOf(net: Network, raw: unknown, eventType: string): ActivityFilter {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalidParameter('filter', shown(raw), 'The `filter` field must be an object');
  const body = raw as Record<string, unknown>;
  onlyFields(body, ['direction', 'keyword', 'user_id']);
  const filter: ActivityFilter = {};
  if (body.user_id !== undefined) {
    const id = body.user_id;
    if (typeof id !== 'string' || !ID.test(id))
      throw invalidParameter('filter.user_id', shown(id), 'The `user_id` filter must be a numeric user id');
    if (accountById(net, id) < 0)
      throw invalidParameter('filter.user_id', id, `Could not find user with id: [${id}].`);
    filter.user_id = id;
  }
  if (body.direction !== undefined) {
    if (body.direction !== 'inbound' && body.direction !== 'outbound')
      throw invalidParameter(
        'filter.direction',
        shown(body.direction),
        'The `direction` filter must be one of [inbound,outbound]',
      );
    if (/^(mute|block)\./.test(eventType))
      throw invalidParameter(
        'filter.direction',
        body.direction,
        'Direction is not supported for this event type',
      );
    filter.direction = body.direction;
  }
  if (body.keyword !== undefined) {
    if (typeof body.keyword !== 'string' || body.keyword === '')
      throw invalidParameter('filter.keyword', shown(body.keyword), 'The `keyword` filter must be a string');
    filter.keyword = body.keyword;
  }
  return filter;
}

const notFound = (id: string): XProblem =>
  new XProblem(404, {
    title: 'Not Found Error',
    type: 'https://api.x.com/2/problems/resource-not-found',
    detail: `Could not find subscription with subscription_id: [${id}].`,
    resource_type: 'subscription',
    parameter: 'subscription_id',
    resource_id: id,
    value: id,
    status: 404,
  });

/** `/2/activity/subscriptions`: create, list, update (tag, webhook) and delete, as X's document defines them. */
export function registerActivitySubscriptions(
  app: FastifyInstance,
  ctx: XContext,
  subscriptions: ActivitySubscriptions,
  now: () => number,
): void {
  const appOnly = { appOnly: true, scopes: [] };
  xRoute(app, ctx, {
    method: 'POST',
    path: '/activity/subscriptions',
    auth: { appOnly: true, scopes: ['tweet.read'] },
    handle: ({ body }) => {
      onlyFields(body, ['event_type', 'filter', 'tag', 'webhook_id']);
      const type = body.event_type;
      if (typeof type !== 'string' || !(ACTIVITY_EVENT_TYPES as readonly string[]).includes(type))
        throw invalidParameter(
          'event_type',
          shown(type),
          `The \`event_type\` field must be one of [${ACTIVITY_EVENT_TYPES.join(',')}]`,
        );
      if (body.filter === undefined) throw invalidParameter('filter', '', 'The `filter` field is required');
      const filter = filterOf(ctx.net, body.filter, type);
      if (subscriptions.byId.size >= MAX_SUBSCRIPTIONS)
        throw invalidParameter('event_type', type, `At most ${MAX_SUBSCRIPTIONS} subscriptions`);
      // X's canonical name for the deprecated alias.
      const canonical = type === 'chat.conversation_join' ? 'chat.conversation.join' : type;
      const sub = subscriptions.create(canonical, filter, now(), tagOf(body), webhookOf(body));
      return { data: { subscription: subscriptionJson(sub) } };
    },
  });
  xRoute(app, ctx, {
    method: 'GET',
    path: '/activity/subscriptions',
    auth: { appOnly: true, scopes: ['like.read', 'tweet.read'] },
    query: ['max_results', 'pagination_token'],
    handle: ({ query }) => {
      const raw = query.max_results;
      const max = raw === undefined ? 100 : Number(raw);
      if (!/^\d+$/.test(raw ?? '100') || max < 1 || max > 1000)
        throw invalidParameter(
          'max_results',
          raw ?? '',
          'The `max_results` query parameter value must be between 1 and 1000',
        );
      const all = [...subscriptions.byId.values()];
      let start = 0;
      if (query.pagination_token !== undefined) {
        const token = query.pagination_token;
        const at = /^[0-9a-v]{16,}$/.test(token) ? Number.parseInt(token.slice(-8), 32) : Number.NaN;
        if (!Number.isInteger(at) || at < 0 || at > all.length)
          throw invalidParameter(
            'pagination_token',
            token,
            'The `pagination_token` query parameter value is not valid',
          );
        start = at;
      }
      const page = all.slice(start, start + max);
      const body: Record<string, unknown> = { data: page.map(subscriptionJson) };
      if (start + max < all.length)
        body.meta = { next_token: `${'0'.repeat(8)}${(start + max).toString(32).padStart(8, '0')}` };
      return body;
    },
  });
  xRoute(app, ctx, {
    method: 'PUT',
    path: '/activity/subscriptions/:subscription_id',
    auth: appOnly,
    handle: ({ params, body }) => {
      const id = params.subscription_id!;
      if (!ID.test(id))
        throw invalidParameter('subscription_id', id, 'The `subscription_id` must be a numeric id');
      onlyFields(body, ['tag', 'webhook_id']);
      const sub = subscriptions.byId.get(id);
      if (!sub) throw notFound(id);
      const tag = tagOf(body);
      const webhook = webhookOf(body);
      if (tag !== undefined) sub.tag = tag;
      if (webhook !== undefined) sub.webhookId = webhook;
      sub.updated = now();
      return { data: { subscription: subscriptionJson(sub), total_subscriptions: subscriptions.byId.size } };
    },
  });
  xRoute(app, ctx, {
    method: 'DELETE',
    path: '/activity/subscriptions/:subscription_id',
    auth: appOnly,
    handle: ({ params }) => {
      const id = params.subscription_id!;
      if (!ID.test(id))
        throw invalidParameter('subscription_id', id, 'The `subscription_id` must be a numeric id');
      if (!subscriptions.byId.delete(id)) throw notFound(id);
      return { data: { deleted: true } };
    },
  });
  xRoute(app, ctx, {
    method: 'DELETE',
    path: '/activity/subscriptions',
    auth: appOnly,
    query: ['ids'],
    handle: ({ query }) => {
      const ids = (query.ids ?? '').split(',').filter(Boolean);
      if (ids.length < 1 || ids.length > 100 || ids.some((id) => !ID.test(id)))
        throw invalidParameter(
          'ids',
          query.ids ?? '',
          'The `ids` query parameter must list 1 to 100 numeric ids',
        );
      const data: { deleted: boolean; subscription_id: string }[] = [];
      const errors: { message: string; reason: string; subscription_id: string }[] = [];
      for (const id of ids) {
        if (subscriptions.byId.delete(id)) data.push({ deleted: true, subscription_id: id });
        else
          errors.push({
            message: `Could not find subscription ${id}`,
            reason: 'not_found',
            subscription_id: id,
          });
      }
      const body: Record<string, unknown> = { data, meta: { total_subscriptions: subscriptions.byId.size } };
      if (errors.length > 0) body.errors = errors;
      return body;
    },
  });
}
