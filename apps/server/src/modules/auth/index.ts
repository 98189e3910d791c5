import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { createOutboxRepository, type MailOutbox } from '../../integrations/mail';
import type { AuthCache } from '../../lib/auth-cache';
import type { Clock } from '../../lib/clock';
import { reportAfterCommit, type UserChanges } from '../../lib/user-changes';
import { authRoutes, type AuthRoutesOptions } from './auth.routes';
import { createMagicLinkRepository } from './magic-link.repository';
import { createMagicLinkService, type SignInUsers, type SignInWrites } from './magic-link.service';
import { createSessionRepository } from './sessions.repository';
import { createSessionService, createTouchThrottle } from './sessions.service';
import { createCredentialsService } from './credentials.service';
import type { CredentialLifetimes } from '../../config';

/** SPEC §7 Auth: sessions and personal tokens, sign-in codes by mail, logout. */
export function createAuthModule(deps: {
  db: Db;
  authCache: AuthCache;
  outbox: MailOutbox;
  clock: Clock;
  secret: string;
  usersService: SignInUsers & AuthRoutesOptions['usersService'];
  /** A sign-in's users and pro-targeting token writes over its transaction (modules/users, modules/pro). */
  signInWritesIn: (tx: Db, changes: UserChanges) => Pick<SignInWrites, 'users' | 'proTokens'>;
  revokeProToken: AuthRoutesOptions['revokeProToken'];
  secureCookies: boolean;
  signInCodesPerIp: number;
  lifetimes: CredentialLifetimes | undefined;
}) {
  const { db, authCache, clock, secret } = deps;
  // One throttle of last-use writes for every service over the cache (docs/API.md "Sessions and tokens").
  const touched = createTouchThrottle(clock);
  const sessionsOver = (on: Db) =>
    createSessionService({
      sessionRepository: createSessionRepository(on),
      authCache,
      secret,
      clock,
      lifetimes: deps.lifetimes,
      touched,
    });
  const sessionService = sessionsOver(db);
  const credentialsService = createCredentialsService({
    sessionRepository: createSessionRepository(db),
    authCache,
    clock,
  });
  const magicLinkService = createMagicLinkService({
    magicLinkRepository: createMagicLinkRepository(db),
    usersService: deps.usersService,
    // A sign-in's writes over one transaction, through the same services and rules as elsewhere.
    inTransaction: (work) =>
      reportAfterCommit(authCache, (txChanges) =>
        db.transaction((tx) =>
          work({
            links: createMagicLinkRepository(tx),
            outbox: createOutboxRepository(tx),
            sessions: sessionsOver(tx),
            ...deps.signInWritesIn(tx, txChanges),
          }),
        ),
      ),
    outbox: deps.outbox,
    clock,
    secret,
  });
  return {
    sessionService,
    credentialsService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(authRoutes, {
        magicLinkService,
        sessionService,
        credentialsService,
        revokeProToken: deps.revokeProToken,
        usersService: deps.usersService,
        secureCookies: deps.secureCookies,
        signInCodesPerIp: deps.signInCodesPerIp,
      });
    },
  };
}
