import {
  userSchema,
  type AdAccount,
  type CreateGrantedAccount,
  type GrantedAccount,
  type Language,
  type UpdateMe,
  type User,
} from '@murmur/core/api';
import type { UserRow } from '../../db/schema';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import type { AuthCache } from '../../lib/auth-cache';
import type { Clock } from '../../lib/clock';
import { isDbId } from '../../lib/db-id';
import type { AccountRef, AdAccountsRepository } from './ad-accounts.repository';
import type { UsersRepository } from './users.repository';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: {
  usersRepository: UsersRepository;
  adAccountsRepository: AdAccountsRepository;
  /** Where `me` keeps what it presented; the repositories' writes invalidate it. */
  views: Pick<AuthCache, 'view' | 'peekView'>;
  clock: Clock;
  /** Reads the user's ad accounts from their connected networks first (modules/ad-accounts). */
  refreshAdAccounts?: (userId: number) => Promise<void>;
}) {
  const { usersRepository: users, adAccountsRepository: accounts, views, clock } = deps;

  /** SPEC §7 current-user fields. */
  async function present(user: UserRow): Promise<User> {
    const [groups, socialAccounts, memberships] = await Promise.all([
      users.groupNames(user.id),
      users.socialAccounts(user.id),
      users.memberships(user.id),
    ]);
    return {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      language: user.language,
      groups,
      social_accounts: socialAccounts,
      memberships,
    };
  }

  // Read on every page load: from memory until a write to the user drops it (lib/auth-cache.ts).
  function me(user: UserRow): Promise<User> {
    return views.view(user.id, async () => {
      const fresh = await users.findById(user.id);
      if (!fresh) throw new NotFound();
      return present(fresh);
    });
  }

  // `/api/user/me/` is read on every page load: its body is checked against the schema and
  // serialised once per cached view, not on every request (the serving path).
  // A cached view is answered synchronously (no promise per request).
  const bodies = new WeakMap<User, string>();
  function withBody(view: User): { view: User; body: string } {
    let body = bodies.get(view);
    if (body === undefined) {
      body = JSON.stringify(userSchema.parse(view));
      bodies.set(view, body);
    }
    return { view, body };
  }
  function meWithBody(user: UserRow): { view: User; body: string } | Promise<{ view: User; body: string }> {
    const cached = views.peekView(user.id);
    return cached ? withBody(cached) : me(user).then(withBody);
  }

  /** The ad accounts in `refs` that the user cannot reach. */
  async function unownedAccounts(userId: number, refs: AccountRef[]): Promise<AccountRef[]> {
    const owned = await accounts.ownedBy(userId, refs);
    const key = (r: AccountRef) => `${r.network}:${r.account_id}`;
    const ownedKeys = new Set(owned.map(key));
    return refs.filter((r) => !ownedKeys.has(key(r)));
  }

  return {
    present,

    findByEmail: (email: string) => users.findByEmail(email),

    /** SPEC §4 email login: an unknown address registers, in the language the browser asked for. */
    async signInByEmail(email: string, language: Language): Promise<UserRow> {
      const user = await users.findOrCreate(email, language);
      const lastLogin = clock.now();
      await users.update(user.id, { lastLogin });
      return { ...user, lastLogin };
    },

    me,

    meWithBody,

    async updateMe(user: UserRow, input: UpdateMe): Promise<User> {
      await users.update(user.id, {
        ...(input.first_name !== undefined && { firstName: input.first_name }),
        ...(input.last_name !== undefined && { lastName: input.last_name }),
        ...(input.language !== undefined && { language: input.language }),
      });
      return me(user);
    },

    async adAccounts(user: UserRow): Promise<AdAccount[]> {
      await deps.refreshAdAccounts?.(user.id);
      const rows = await accounts.listForUser(user.id);
      return rows.map(({ id, name }) => ({ id, name }));
    },

    unownedAccounts,

    grantedAccounts: (user: UserRow): Promise<GrantedAccount[]> => accounts.listGrantsOfUser(user.id),

    /** docs/API.md: `member` must be one of the caller's own memberships, and an admin one. */
    async grantAccount(user: UserRow, input: CreateGrantedAccount) {
      const membership = isDbId(input.member)
        ? await accounts.findMembershipOfUser(input.member, user.id)
        : undefined;
      if (!membership) throw new BadRequest({ member: ['Choose one of your own team memberships.'] });
      if (membership.level !== 'admin') throw new Forbidden();
      if ((await unownedAccounts(user.id, [input.account])).length > 0) {
        throw new BadRequest({ account: ['You do not have access to this ad account.'] });
      }
      return accounts.grant(membership.id, input.account);
    },

    async revokeGrant(user: UserRow, grantId: number): Promise<void> {
      if (!(await accounts.revokeOfUser(grantId, user.id))) throw new NotFound();
    },
  };
}
