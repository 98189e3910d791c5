import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActivityKind } from '@murmur/core/api';
import type { NewActivity } from './activity.repository';

/** What a watched route tells the recorder: the request as validated, and the JSON it answered. */
interface Seen {
  params: Record<string, unknown>;
  body: Record<string, unknown>;
  answer: Record<string, unknown>;
  /** What `before` read while the row still existed (a deleted audience's name and team). */
  before: { teamId: number | null; name: string } | undefined;
}

/** How one route becomes a feed entry: its kind, the team (id, or a slug/id to resolve) and subject. */
interface Watch {
  kind: ActivityKind;
  team: (seen: Seen) => number | string | null | undefined;
  subject: (seen: Seen) => string;
  /** Reads what the handler is about to delete. */
  before?: (request: FastifyRequest) => Promise<Seen['before']>;
}

export interface ActivityRecorderDeps {
  recordActivity: (entry: Omit<NewActivity, 'created'>) => Promise<void>;
  /** A team slug or id as a route received it → the team's id (undefined: no such team). */
  teamIdOf: (ref: string) => Promise<number | undefined>;
  audience: (id: number) => Promise<{ teamId: number | null; name: string } | undefined>;
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
const audienceBefore =
  (deps: ActivityRecorderDeps) =>
  (request: FastifyRequest): Promise<Seen['before']> => {
    const pk = Number(record(request.params).pk);
    return Number.isInteger(pk) && pk > 0 ? deps.audience(pk) : Promise.resolve(undefined);
  };

/**
 * The routes the Activity feed records (issue 16: sign-in, audiences saved, deleted, uploaded and
 * applied, members invited, team and billing changes), by "METHOD route url". Only successful
 * answers are recorded. The server's own routes are watched here, in one table, rather than each
 * module remembering to report: a feature that changes a team's state adds one line below.
 */
function watches(deps: ActivityRecorderDeps): Record<string, Watch> {
  const bodyTeam = (seen: Seen) => text(seen.body.team) || null;
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
    'POST /api/japanese-agreement/': { kind: 'agreement_accepted', team: bodyTeam, subject: () => '' },
  };
}

/** "name, invoice_email": the fields a team change sent (values stay out of the log). */
const changedFields = (seen: Seen) => Object.keys(seen.body).sort().join(', ');

/** Social sign-in posts to /rest-auth/{provider}/ (registered once per provider). */
const SOCIAL_SIGN_IN = /^\/rest-auth\/(?!logout\/)[a-z0-9_]+\/$/;

/**
 * Hooks that record the watched routes' successful answers into the audit log, after the answer has
 * gone out; a failure to record is logged and never changes the answer.
 */
export function registerActivityRecorder(app: FastifyInstance, deps: ActivityRecorderDeps) {
  const table = watches(deps);
  const watchOf = (request: FastifyRequest): Watch | undefined => {
    const url = request.routeOptions.url ?? '';
    const key = `${request.method} ${url}`;
    return (
      table[key] ??
      (request.method === 'POST' && SOCIAL_SIGN_IN.test(url) ? { kind: 'signed_in', ...SIGN_IN } : undefined)
    );
  };
  const pending = new WeakMap<FastifyRequest, { watch: Watch; before: Seen['before']; answer?: string }>();

  app.addHook('preHandler', async (request) => {
    const watch = watchOf(request);
    if (!watch) return;
    pending.set(request, { watch, before: await watch.before?.(request) });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const seen = pending.get(request);
    if (seen && reply.statusCode < 300 && typeof payload === 'string') seen.answer = payload;
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const seen = pending.get(request);
    if (!seen || reply.statusCode >= 300) return;
    try {
      const answer = record(seen.answer ? JSON.parse(seen.answer) : {});
      const view: Seen = {
        params: record(request.params),
        body: record(request.body),
        answer,
        before: seen.before,
      };
      const team = seen.watch.team(view);
      const teamId = typeof team === 'string' ? await deps.teamIdOf(team) : (team ?? null);
      const principal = request.principal;
      const userId =
        principal?.kind === 'user'
          ? principal.user.id
          : seen.watch.kind === 'signed_in'
            ? idOf(answer.user)
            : null;
      await deps.recordActivity({
        teamId: teamId ?? null,
        userId,
        kind: seen.watch.kind,
        subject: seen.watch.subject(view).slice(0, 500),
      });
    } catch (error) {
      request.log.error({ err: error }, 'activity not recorded');
    }
  });
}
