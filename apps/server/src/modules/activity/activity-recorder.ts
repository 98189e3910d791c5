import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ActivityKind } from '@murmur/core/api';
import type { NewActivity } from './activity.repository';

/** What a watched route tells the recorder: the request as validated, and the JSON it answered. */
/** An entry as `onRecorded` is told of it. */
export interface RecordedActivity extends Omit<NewActivity, 'created' | 'details'> {
  subjectId: number | null;
}

interface Seen {
  params: Record<string, unknown>;
  body: Record<string, unknown>;
  answer: Record<string, unknown>;
  /** The answer's status (a grant already made answers 200, a new one 201). */
  status: number;
  /** What `before` read while the row still existed (a deleted audience's name and team). */
  before: Before | undefined;
}

/** What a watch reads before the handler runs: the row's team and name (and a campaign's X state). */
interface Before {
  teamId: number | null;
  name: string;
  /** A campaign already published to X (so Active means resumed, not published). */
  onX?: boolean;
}

/** How one route becomes a feed entry: its kind, the team (id, or a slug/id to resolve) and subject. */
interface Watch {
  /** The kind, or what the answer tells it (null: nothing to record, as a campaign edit without a status). */
  kind: ActivityKind | ((seen: Seen) => ActivityKind | null);
  team: (seen: Seen) => number | string | null | undefined;
  subject: (seen: Seen) => string;
  /** Reads what the handler is about to delete. */
  before?: (request: FastifyRequest) => Promise<Seen['before']>;
}

export interface ActivityRecorderDeps {
  recordActivity: (entry: Omit<NewActivity, 'created'>) => Promise<void>;
  /**
   * Told of each entry once recorded, with the id of what it is about (the answer's `id`, else the
   * path's `pk`), e.g. to send the team's webhooks (modules/api-access). Never throws into the route.
   */
  onRecorded?: ((entry: RecordedActivity) => void) | undefined;
  /** A team slug or id as a route received it → the team's id (undefined: no such team). */
  teamIdOf: (ref: string) => Promise<number | undefined>;
  audience: (id: number) => Promise<Before | undefined>;
  campaign: (id: number) => Promise<Before | undefined>;
  grant: (id: number) => Promise<{ teamId: number; accountId: string } | undefined>;
  teamOfMembership: (id: number) => Promise<number | undefined>;
  /** An invitation before it is withdrawn: its team and address. */
  invite: (id: number) => Promise<Before | undefined>;
  socialProvider: (id: number) => Promise<string | undefined>;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const idOf = (value: unknown) => {
  const id = record(value).id;
  return typeof id === 'number' ? id : null;
};

const SIGN_IN: Omit<Watch, 'kind'> = { team: () => null, subject: () => '' };
const pkOf = (request: FastifyRequest): number | undefined => {
  const pk = Number(record(request.params).pk);
  return Number.isInteger(pk) && pk > 0 ? pk : undefined;
};

/** PATCH `status`: Active publishes a draft or resumes a paused campaign, Paused pauses it. */
const campaignStatusKind = (seen: Seen): ActivityKind | null => {
  const status = seen.body.status;
  if (status === 'Paused') return 'campaign_paused';
  if (status === 'Active') return seen.before?.onX ? 'campaign_resumed' : 'campaign_published';
  return null;
};
const audienceBefore =
  (deps: ActivityRecorderDeps) =>
  (request: FastifyRequest): Promise<Seen['before']> => {
    const pk = Number(record(request.params).pk);
    return Number.isInteger(pk) && pk > 0 ? deps.audience(pk) : Promise.resolve(undefined);
  };

/** The team a request's body names (`team`), for routes whose answer does not carry it. */
const bodyTeam = (seen: Seen) => text(seen.body.team) || null;

/** A team's plan changes (the billing routes name the team in their body). */
const BILLING_WATCHES: Record<string, Watch> = {
  'POST /api/customer/subscriptions/checkout/': {
    kind: 'billing_checkout',
    team: bodyTeam,
    subject: (seen) => text(seen.body.plan),
  },
  'POST /api/customer/subscriptions/upgrade/': {
    kind: 'billing_upgraded',
    team: bodyTeam,
    subject: (seen) => text(seen.body.plan),
  },
  'POST /api/customer/subscriptions/cancel/': {
    kind: 'billing_cancelled',
    team: bodyTeam,
    subject: () => '',
  },
};

/**
 * The routes the Activity feed records (sign-in, audiences saved, deleted, uploaded and
 * applied, members invited, team and billing changes, social accounts linked and unlinked, ad
 * accounts granted and withdrawn, campaigns published, paused, resumed and deleted), by "METHOD
 * route url". Only successful
 * answers are recorded. The server's own routes are watched here, in one table, rather than each
 * module remembering to report: a feature that changes a team's state adds one line below.
 */
function watches(deps: ActivityRecorderDeps): Record<string, Watch> {
  return {
    'POST /api/user/magic-link/use/': { kind: 'signed_in', ...SIGN_IN },
    'POST /api/external/personal-magic-link/use/': { kind: 'signed_in', ...SIGN_IN },
    'POST /rest-auth/login-via-token/': { kind: 'signed_in', ...SIGN_IN },
    'POST /api/audience-configs/': {
      kind: 'audience_saved',
      team: (seen) => idOf(seen.answer.team),
      subject: (seen) => text(seen.answer.name),
    },
    'PUT /api/audience-configs/:pk/': {
      kind: 'audience_updated',
      team: (seen) => idOf(seen.answer.team),
      subject: (seen) => text(seen.answer.name),
    },
    'DELETE /api/audience-configs/:pk/': {
      kind: 'audience_deleted',
      team: (seen) => seen.before?.teamId,
      subject: (seen) => seen.before?.name ?? '',
      before: audienceBefore(deps),
    },
    'POST /api/uploaded-audiences/': {
      kind: 'audience_uploaded',
      team: (seen) => idOf(seen.answer.team),
      subject: (seen) => `${text(seen.answer.name)} → ${text(record(seen.answer.ad_account).name)}`,
    },
    'POST /api/external/audience-usages/': {
      kind: 'audience_applied',
      team: bodyTeam,
      subject: (seen) =>
        `${seen.before?.name ?? ''} → ${text(seen.answer.ad_account_id)}`.replace(/^ → /, ''),
      before: async (request) => {
        const id = Number(record(request.body).audience_config_id);
        return Number.isInteger(id) && id > 0 ? deps.audience(id) : undefined;
      },
    },
    'POST /api/teams/:team_id/invites/': {
      kind: 'member_invited',
      team: (seen) => text(seen.params.team_id),
      subject: (seen) => (Array.isArray(seen.body.emails) ? seen.body.emails.map(text).join(', ') : ''),
    },
    'POST /api/teams/:team_id/invites/accept/': {
      kind: 'invite_accepted',
      team: (seen) => idOf(seen.answer),
      subject: (seen) => text(seen.answer.name),
    },
    'DELETE /api/teams/:team_id/invites/:invite_id/': {
      kind: 'invite_revoked',
      team: (seen) => text(seen.params.team_id),
      subject: (seen) => seen.before?.name ?? '',
      before: async (request) => {
        const invite = Number(record(request.params).invite_id);
        return Number.isInteger(invite) && invite > 0 ? deps.invite(invite) : undefined;
      },
    },
    'POST /api/teams/:team_id/invites/:invite_id/resend/': {
      kind: 'invite_resent',
      team: (seen) => text(seen.params.team_id),
      subject: (seen) => text(seen.answer.email),
    },
    'DELETE /api/teams/:slug/members/:member_id/': {
      kind: 'member_removed',
      team: (seen) => text(seen.params.slug),
      subject: (seen) => text(record(seen.answer.user).email),
    },
    'PATCH /api/teams/:slug/members/:member_id/': {
      kind: 'member_level_changed',
      team: (seen) => text(seen.params.slug),
      subject: (seen) => `${text(record(seen.answer.user).email)} → ${text(seen.answer.level)}`,
    },
    'POST /api/teams/:slug/leave/': {
      kind: 'member_left',
      team: (seen) => idOf(seen.answer),
      subject: (seen) => text(seen.answer.name),
    },
    'POST /api/teams/:slug/transfer/': {
      kind: 'team_transferred',
      team: (seen) => text(seen.params.slug),
      subject: (seen) => text(record(seen.answer.user).email),
    },
    'PUT /api/teams/:slug/': {
      kind: 'team_updated',
      team: (seen) => idOf(seen.answer),
      subject: changedFields,
    },
    'PATCH /api/teams/:slug/': {
      kind: 'team_updated',
      team: (seen) => idOf(seen.answer),
      subject: changedFields,
    },
    ...BILLING_WATCHES,
    'POST /api/japanese-agreement/': { kind: 'agreement_accepted', team: bodyTeam, subject: () => '' },
    // Linked social accounts belong to the user (no team), shown in each of their teams' feeds.
    'POST /rest-auth/socialaccounts/:pk/disconnect/': {
      kind: 'social_disconnected',
      team: () => null,
      subject: (seen) => seen.before?.name ?? '',
      before: async (request) => {
        const pk = pkOf(request);
        const provider = pk === undefined ? undefined : await deps.socialProvider(pk);
        return provider === undefined ? undefined : { teamId: null, name: provider };
      },
    },
    'POST /api/user/granted-accounts/': {
      kind: (seen) => (seen.status === 201 ? 'account_granted' : null),
      team: (seen) => seen.before?.teamId,
      subject: (seen) => text(record(seen.answer.account).account_id),
      before: async (request) => {
        const member = Number(record(request.body).member);
        const teamId =
          Number.isInteger(member) && member > 0 ? await deps.teamOfMembership(member) : undefined;
        return teamId === undefined ? undefined : { teamId, name: '' };
      },
    },
    'DELETE /api/user/granted-accounts/:pk/': {
      kind: 'grant_revoked',
      team: (seen) => seen.before?.teamId,
      subject: (seen) => seen.before?.name ?? '',
      before: async (request) => {
        const pk = pkOf(request);
        const grant = pk === undefined ? undefined : await deps.grant(pk);
        return grant && { teamId: grant.teamId, name: grant.accountId };
      },
    },
    'PATCH /api/campaigns/:pk/': {
      kind: campaignStatusKind,
      team: (seen) => idOf(seen.answer.team),
      subject: (seen) => text(seen.answer.name),
      before: campaignBefore(deps),
    },
    'DELETE /api/campaigns/:pk/': {
      kind: 'campaign_deleted',
      team: (seen) => seen.before?.teamId,
      subject: (seen) => seen.before?.name ?? '',
      before: campaignBefore(deps),
    },
  };
}

const campaignBefore =
  (deps: ActivityRecorderDeps) =>
  (request: FastifyRequest): Promise<Before | undefined> => {
    const pk = pkOf(request);
    return pk === undefined ? Promise.resolve(undefined) : deps.campaign(pk);
  };

/** "name, invoice_email": the fields a team change sent (values stay out of the log). */
const changedFields = (seen: Seen) => Object.keys(seen.body).sort().join(', ');

/** Social sign-in posts to /rest-auth/{provider}/ (registered once per provider). */
const SOCIAL_SIGN_IN = /^\/rest-auth\/(?!logout\/)[a-z0-9_]+\/$/;
/** Linking a social account posts to /rest-auth/{provider}/connect/ (once per provider). */
const SOCIAL_CONNECT = /^\/rest-auth\/([a-z0-9_]+)\/connect\/$/;

/**
 * Hooks that record the watched routes' successful answers into the audit log, before the answer
 * goes out; a failure to record is logged and never changes the answer.
 */
export function registerActivityRecorder(app: FastifyInstance, deps: ActivityRecorderDeps) {
  const table = watches(deps);
  const watchOf = (method: string, url: string): Watch | undefined => {
    const connected = method === 'POST' ? SOCIAL_CONNECT.exec(url)?.[1] : undefined;
    return (
      table[`${method} ${url}`] ??
      (method === 'POST' && SOCIAL_SIGN_IN.test(url) ? { kind: 'signed_in', ...SIGN_IN } : undefined) ??
      (connected ? { kind: 'social_connected', team: () => null, subject: () => connected } : undefined)
    );
  };
  // The hooks go on the watched routes only (the serving path): three async hooks on every route would cost
  // every request of the API three promises and two extra turns of the event loop.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const watch = methods.length === 1 ? watchOf(methods[0]!, route.url) : undefined;
    if (!watch) return;
    const hooks = watchHooks(watch, deps);
    route.preHandler = [...asArray(route.preHandler), hooks.preHandler];
    route.onSend = [...asArray(route.onSend), hooks.onSend];
  });
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The two hooks of one watched route: what it read before the change, and the record of its answer. */
function watchHooks(watch: Watch, deps: ActivityRecorderDeps) {
  const pending = new WeakMap<FastifyRequest, { before: Seen['before'] }>();
  return {
    preHandler: async (request: FastifyRequest) => {
      // Like the record itself, reading what is about to change never changes the answer: the
      // handler still runs and answers (a path id beyond PostgreSQL's integer range is its 404).
      let before: Seen['before'];
      try {
        before = await watch.before?.(request);
      } catch (error) {
        request.log.warn({ err: error }, 'activity: could not read the row before the change');
      }
      pending.set(request, { before });
    },
    // Recorded before the answer goes out, so that whoever got a success finds it in the feed at
    // once (read after write; on PostgreSQL a record made after the answer could still be in flight).
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const seen = pending.get(request);
      if (!seen || reply.statusCode >= 300) return payload;
      try {
        const answer = record(typeof payload === 'string' && payload ? JSON.parse(payload) : {});
        const view: Seen = {
          params: record(request.params),
          body: record(request.body),
          answer,
          status: reply.statusCode,
          before: seen.before,
        };
        const kind = typeof watch.kind === 'function' ? watch.kind(view) : watch.kind;
        if (kind === null) return payload;
        const team = watch.team(view);
        const teamId = typeof team === 'string' ? await deps.teamIdOf(team) : (team ?? null);
        const principal = request.principal;
        const userId =
          principal?.kind === 'user' ? principal.user.id : kind === 'signed_in' ? idOf(answer.user) : null;
        const entry = { teamId: teamId ?? null, userId, kind, subject: watch.subject(view).slice(0, 500) };
        await deps.recordActivity(entry);
        const pk = Number(view.params.pk);
        deps.onRecorded?.({
          ...entry,
          subjectId: idOf(answer) ?? (Number.isInteger(pk) && pk > 0 ? pk : null),
        });
      } catch (error) {
        request.log.error({ err: error }, 'activity not recorded');
      }
      return payload;
    },
  };
}
