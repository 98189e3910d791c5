import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditRepository } from './audit.repository';
import type { AuditRecord } from './audit.service';

type Json = Record<string, unknown>;

/** What a watched route's answer tells the recorder, with the row as it was before the handler ran. */
interface Seen {
  params: Json;
  body: Json;
  answer: Json;
  before: Json | undefined;
}

/** How one route becomes an audit entry. */
interface Watch {
  action: string;
  /** The team: an id, or a slug/id from the path to resolve. */
  team: (seen: Seen) => number | string | null | undefined;
  subject: (seen: Seen) => string;
  /** Reads the row before the handler changes it. */
  before?: (request: FastifyRequest) => Promise<Json | undefined>;
  /** The state after (default: nothing; a deletion has none). */
  after?: (seen: Seen, request: FastifyRequest) => unknown;
}

export interface AuditRecorderDeps {
  record: (entry: AuditRecord) => Promise<void>;
  teamIdOf: (ref: string) => Promise<number | undefined>;
  repo: Pick<AuditRepository, 'membership' | 'invite' | 'campaign'>;
}

const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const idOf = (value: unknown) => {
  const id = obj(value).id;
  return typeof id === 'number' ? id : null;
};
const intParam = (request: FastifyRequest, name: string): number | undefined => {
  const n = Number(obj(request.params)[name]);
  // PostgreSQL's integer range: a larger path id is the handler's 404, not a failed read here.
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};
const plain = (value: unknown): Json | undefined =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as Json);

/**
 * The routes the audit log records, by "METHOD route url": access changes (members, invitations,
 * transfer, API keys and webhooks made and revoked), uploads and pushes to X, and campaign changes.
 * SSO configuration changes and SSO just-in-time joins are recorded by modules/sso itself; each call
 * an API key makes is recorded through `auditService.record` (modules/index.ts). A route added later that changes access adds one line here.
 */
function watches(deps: AuditRecorderDeps): Record<string, Watch> {
  const membershipBefore = async (request: FastifyRequest) => {
    const id = intParam(request, 'member_id');
    return id === undefined ? undefined : plain(await deps.repo.membership(id));
  };
  const campaignBefore = async (request: FastifyRequest) => {
    const id = intParam(request, 'pk');
    return id === undefined ? undefined : plain(await deps.repo.campaign(id));
  };
  const campaignAfter = async (_seen: Seen, request: FastifyRequest) => {
    const id = intParam(request, 'pk') ?? idOf(_seen.answer) ?? undefined;
    return id === undefined ? undefined : plain(await deps.repo.campaign(id));
  };
  const email = (value: unknown) => text(obj(obj(value).user).email);
  return {
    'PATCH /api/teams/:slug/members/:member_id/': {
      action: 'member.level_changed',
      team: (seen) => text(seen.params.slug),
      subject: (seen) => email(seen.answer),
      before: membershipBefore,
      after: (seen) => ({ level: seen.answer.level, email: email(seen.answer) }),
    },
    'DELETE /api/teams/:slug/members/:member_id/': {
      action: 'member.removed',
      team: (seen) => text(seen.params.slug),
      subject: (seen) => text(seen.before?.email) || email(seen.answer),
      before: membershipBefore,
    },
    'POST /api/teams/:slug/leave/': {
      action: 'member.left',
      team: (seen) => idOf(seen.answer),
      subject: (seen) => text(seen.answer.name),
    },
    'POST /api/teams/:slug/transfer/': {
      action: 'team.transferred',
      team: (seen) => text(seen.params.slug),
      subject: (seen) => email(seen.answer),
      after: (seen) => ({ level: seen.answer.level, email: email(seen.answer) }),
    },
    'POST /api/teams/:team_id/invites/': {
      action: 'invite.created',
      team: (seen) => text(seen.params.team_id),
      subject: (seen) => (Array.isArray(seen.body.emails) ? seen.body.emails.map(text).join(', ') : ''),
      after: (seen) => ({ emails: seen.body.emails }),
    },
    'POST /api/teams/:team_id/invites/accept/': {
      action: 'invite.accepted',
      team: (seen) => idOf(seen.answer),
      subject: (seen) => text(seen.answer.name),
    },
    'DELETE /api/teams/:team_id/invites/:invite_id/': {
      action: 'invite.revoked',
      team: (seen) => text(seen.params.team_id),
      subject: (seen) => text(seen.before?.email),
      before: async (request) => {
        const id = intParam(request, 'invite_id');
        return id === undefined ? undefined : plain(await deps.repo.invite(id));
      },
    },
    'POST /api/teams/:team_id/invites/:invite_id/resend/': {
      action: 'invite.resent',
      team: (seen) => text(seen.params.team_id),
      subject: (seen) => text(seen.answer.email),
    },
    // API keys and webhook endpoints (modules/api-access): the key's secret and the endpoint's signing
    // secret, sent once in the answer, are never recorded.
    'POST /api/teams/:slug/api-keys/': {
      action: 'api_key.created',
      team: (seen) => text(seen.params.slug),
      subject: (seen) => `${text(seen.answer.name)} (${text(seen.answer.prefix)}…)`,
      after: (seen) => ({
        id: seen.answer.id,
        name: seen.answer.name,
        prefix: seen.answer.prefix,
        scopes: seen.answer.scopes,
        rate_limit_per_minute: seen.answer.rate_limit_per_minute,
      }),
    },
    'DELETE /api/teams/:slug/api-keys/:id/': {
      action: 'api_key.revoked',
      team: (seen) => text(seen.params.slug),
      subject: (seen) => `API key ${text(seen.params.id)}`,
    },
    'POST /api/teams/:slug/webhooks/': {
      action: 'webhook.created',
      team: (seen) => text(seen.params.slug),
      subject: (seen) => text(seen.answer.url),
      after: (seen) => ({ id: seen.answer.id, url: seen.answer.url, events: seen.answer.events }),
    },
    'DELETE /api/teams/:slug/webhooks/:id/': {
      action: 'webhook.deleted',
      team: (seen) => text(seen.params.slug),
      subject: (seen) => `webhook ${text(seen.params.id)}`,
    },
    'POST /api/uploaded-audiences/': {
      action: 'audience.uploaded_to_x',
      team: (seen) => idOf(seen.answer.team),
      subject: (seen) => `${text(seen.answer.name)} → ${text(obj(seen.answer.ad_account).name)}`,
      after: (seen) => ({
        id: seen.answer.id,
        name: seen.answer.name,
        ad_account: obj(seen.answer.ad_account).account_id ?? obj(seen.answer.ad_account).id,
      }),
    },
    'POST /api/audience-plan/:pk/push/': {
      action: 'audience.pushed_to_x',
      team: (seen) => text(seen.body.team),
      subject: (seen) =>
        `plan ${text(seen.params.pk)} → ${text(seen.body.account_id)} (${text(seen.body.mode)})`,
      after: (seen) => seen.answer,
    },
    'POST /api/campaigns/': {
      action: 'campaign.created',
      team: (seen) => idOf(seen.answer.team),
      subject: (seen) => text(seen.answer.name),
      after: campaignAfter,
    },
    'PUT /api/campaigns/:pk/': {
      action: 'campaign.changed',
      team: (seen) => idOf(seen.answer.team),
      subject: (seen) => text(seen.answer.name),
      before: campaignBefore,
      after: campaignAfter,
    },
    'PATCH /api/campaigns/:pk/': {
      action: 'campaign.changed',
      team: (seen) => idOf(seen.answer.team),
      subject: (seen) => text(seen.answer.name),
      before: campaignBefore,
      after: campaignAfter,
    },
    'DELETE /api/campaigns/:pk/': {
      action: 'campaign.deleted',
      team: (seen) => (typeof seen.before?.teamId === 'number' ? seen.before.teamId : null),
      subject: (seen) => text(seen.before?.name),
      before: campaignBefore,
    },
  };
}

/**
 * Hooks on the watched routes only: `before` is read in a preHandler, the entry is written before
 * the answer goes out (read after write). A failure to record is logged and never changes the answer.
 */
export function registerAuditRecorder(app: FastifyInstance, deps: AuditRecorderDeps) {
  const table = watches(deps);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const watch = methods.length === 1 ? table[`${methods[0]!} ${route.url}`] : undefined;
    if (!watch) return;
    const hooks = watchHooks(watch, deps);
    route.preHandler = [...asArray(route.preHandler), hooks.preHandler];
    route.onSend = [...asArray(route.onSend), hooks.onSend];
  });
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function watchHooks(watch: Watch, deps: AuditRecorderDeps) {
  const pending = new WeakMap<FastifyRequest, Json | undefined>();
  return {
    preHandler: async (request: FastifyRequest) => {
      let before: Json | undefined;
      try {
        before = await watch.before?.(request);
      } catch (error) {
        request.log.warn({ err: error }, 'audit: could not read the row before the change');
      }
      pending.set(request, before);
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode >= 300) return payload;
      try {
        const seen: Seen = {
          params: obj(request.params),
          body: obj(request.body),
          answer: obj(typeof payload === 'string' && payload ? JSON.parse(payload) : {}),
          before: pending.get(request),
        };
        const team = watch.team(seen);
        const teamId = typeof team === 'string' ? await deps.teamIdOf(team) : (team ?? null);
        const principal = request.principal;
        await deps.record({
          teamId: teamId ?? null,
          actorId: principal?.kind === 'user' ? principal.user.id : null,
          ip: request.ip,
          action: watch.action,
          subject: watch.subject(seen),
          before: seen.before ?? null,
          after: (await watch.after?.(seen, request)) ?? null,
        });
      } catch (error) {
        request.log.error({ err: error }, 'audit entry not recorded');
      }
      return payload;
    },
  };
}
