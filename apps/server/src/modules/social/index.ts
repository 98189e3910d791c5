import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { XSignIn } from '../../integrations/x';
import type { Clock } from '../../lib/clock';
import type { UserChanges } from '../../lib/user-changes';
import { createSocialAccountsRepository } from './social-accounts.repository';
import { socialRoutes, type SocialRoutesOptions } from './social.routes';
import { createSocialService } from './social.service';

type SocialDeps = Parameters<typeof createSocialService>[0];

/** SPEC §7 Auth: sign in with X, Facebook, Google and LinkedIn; link and unlink. */
export function createSocialModule(deps: {
  db: Db;
  changes: UserChanges;
  usersRepository: SocialDeps['usersRepository'];
  xSignIn: XSignIn;
  config: SocialDeps['config'];
  clock: Clock;
  log: FastifyBaseLogger;
  onXTokens: NonNullable<SocialDeps['onXTokens']>;
  onXDisconnect: NonNullable<SocialDeps['onXDisconnect']>;
  sessionService: SocialRoutesOptions['sessionService'];
  usersService: SocialRoutesOptions['usersService'];
  secureCookies: boolean;
  socialStartsPerIp: number;
}) {
  const socialService = createSocialService({
    socialAccountsRepository: createSocialAccountsRepository(deps.db, deps.changes),
    usersRepository: deps.usersRepository,
    xClient: deps.xSignIn,
    config: deps.config,
    clock: deps.clock,
    log: deps.log,
    onXTokens: deps.onXTokens,
    onXDisconnect: deps.onXDisconnect,
  });
  return {
    socialService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(socialRoutes, {
        socialService,
        sessionService: deps.sessionService,
        usersService: deps.usersService,
        secureCookies: deps.secureCookies,
        socialStartsPerIp: deps.socialStartsPerIp,
      });
    },
  };
}
