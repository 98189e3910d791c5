import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { UserChanges } from '../../lib/user-changes';
import { createOidcClient } from './oidc-client';
import { ssoRoutes, type SsoRoutesOptions } from './sso.routes';
import { createSsoRepository } from './sso.repository';
import { createSsoService, type SsoDeps } from './sso.service';

/** Single sign-on with OpenID Connect for teams (docs/SSO-AND-AUDIT.md). */
export function createSsoModule(deps: {
  db: Db;
  changes: UserChanges;
  clock: Clock;
  secret: string;
  publicUrl: string;
  isProduction: boolean;
  /** The social sign-in starts' limit per IP, shared in kind (docs/API.md "Limits"). */
  startsPerIp: number;
  teams: SsoDeps['teams'];
  users: SsoDeps['users'];
  seats: SsoDeps['seats'];
  audit: SsoDeps['audit'];
  sessionService: SsoRoutesOptions['sessionService'];
}) {
  // Production needs https issuers; elsewhere a local provider on http (the tests') is fine.
  const allowHttp = !deps.isProduction;
  const ssoService = createSsoService({
    repo: createSsoRepository(deps.db, deps.changes),
    oidc: createOidcClient({ allowHttp }),
    clock: deps.clock,
    secret: deps.secret,
    allowHttp,
    callbackUrl: `${deps.publicUrl}/api/auth/sso/callback`,
    teams: deps.teams,
    users: deps.users,
    seats: deps.seats,
    audit: deps.audit,
  });
  return {
    ssoService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(ssoRoutes, {
        ssoService,
        sessionService: deps.sessionService,
        publicUrl: deps.publicUrl,
        secureCookies: deps.isProduction,
        startsPerIp: deps.startsPerIp,
      });
    },
  };
}
