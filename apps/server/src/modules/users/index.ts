import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { AuthCache } from '../../lib/auth-cache';
import type { Clock } from '../../lib/clock';
import type { UserChanges } from '../../lib/user-changes';
import { createAccountRepository } from './account.repository';
import { accountRoutes } from './account.routes';
import { createAccountService } from './account.service';
import { createAdAccountsRepository } from './ad-accounts.repository';
import { createUsersRepository } from './users.repository';
import { usersRoutes } from './users.routes';
import { createUsersService } from './users.service';

/** SPEC §7 the current user: profile, settings and ad accounts; registration for the other modules. */
export function createUsersModule(deps: {
  db: Db;
  /** Where the repositories report their writes (lib/auth-cache.ts). */
  changes: UserChanges;
  views: Pick<AuthCache, 'view' | 'peekView'>;
  clock: Clock;
  /** SPEC §6: the groups a newly registered user joins. */
  newUserGroups: readonly string[];
  /** Reads the user's ad accounts from X first (modules/ad-accounts). */
  refreshAdAccounts: (userId: number) => Promise<void>;
  /** Account deletion makes the auth cache forget the user's credentials. */
  credentials: Pick<AuthCache, 'forgetCredentialsOf' | 'userChanged'>;
}) {
  const { db, changes, views, clock, newUserGroups } = deps;
  const usersRepository = createUsersRepository(db, changes, { newUserGroups });
  const usersService = createUsersService({
    usersRepository,
    adAccountsRepository: createAdAccountsRepository(db),
    views,
    clock,
    refreshAdAccounts: deps.refreshAdAccounts,
  });
  return {
    usersRepository,
    usersService,
    /** The same service over one transaction: a sign-in's writes commit together (modules/auth). */
    usersServiceIn: (tx: Db, txChanges: UserChanges) =>
      createUsersService({
        usersRepository: createUsersRepository(tx, txChanges, { newUserGroups }),
        adAccountsRepository: createAdAccountsRepository(tx),
        views,
        clock,
      }),
    async registerRoutes(app: FastifyInstance) {
      await app.register(usersRoutes, { usersService });
      await app.register(accountRoutes, {
        accountService: createAccountService({
          accountRepository: createAccountRepository(db),
          authCache: deps.credentials,
          clock,
        }),
      });
    },
  };
}
