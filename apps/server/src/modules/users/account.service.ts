import type { UserRow } from '../../db/schema';
import { BadRequest } from '../../errors';
import type { AuthCache } from '../../lib/auth-cache';
import type { Clock } from '../../lib/clock';
import type { AccountRepository } from './account.repository';

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * "Download my data" and account deletion (GDPR; docs/API.md "Your data and account deletion").
 *
 * Deletion rule: the user types their own address; it is refused while they are the last admin of a
 * team that has other members, while they have an active premium subscription, or while a team that
 * would be deleted with them (they are its only member) has an active subscription. What they made in
 * teams that live on (audiences, uploads to X, campaigns, media, creatives) goes to the team's
 * longest-standing other admin; teams where they were alone are deleted; everything else of theirs
 * (profile, sessions and tokens, social accounts, personal lists, monitors) is deleted. Invoices stay,
 * without the user (accounting law), as do activity entries, without the user.
 */
export function createAccountService(deps: {
  accountRepository: AccountRepository;
  authCache: Pick<AuthCache, 'forgetCredentialsOf' | 'userChanged'>;
  clock: Clock;
}) {
  const { accountRepository: repo, authCache, clock } = deps;

  return {
    async exportData(user: UserRow) {
      const teams = await repo.teamsOf(user.id);
      return {
        exported_at: clock.now().toISOString(),
        profile: {
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          language: user.language,
          date_joined: user.dateJoined.toISOString(),
          last_login: user.lastLogin?.toISOString() ?? null,
        },
        teams: teams.map((t) => ({ id: t.id, name: t.name, slug: t.slug, level: t.level, joined: t.joined })),
        ...(await repo.exportOf(user)),
      };
    },

    async deleteAccount(user: UserRow, confirmation: string): Promise<void> {
      if (confirmation.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new BadRequest({ email: ['Type your email address exactly to confirm.'] });
      }
      const teams = await repo.teamsOf(user.id);
      const stranded = teams.find((t) => t.level === 'admin' && t.others > 0 && t.otherAdmins === 0);
      if (stranded) {
        throw refusal(
          `You are the last admin of the team “${stranded.name}”. Make another member an admin, or remove the other members, before deleting your account.`,
        );
      }
      if (await repo.hasActivePremium(user.id)) {
        throw refusal('Cancel your premium subscription before deleting your account.');
      }
      const soloTeams = teams.filter((t) => t.others === 0).map((t) => t.id);
      const paying = await repo.teamsWithActiveSubscription(soloTeams);
      if (paying.length > 0) {
        const name = teams.find((t) => t.id === paying[0])?.name ?? '';
        throw refusal(
          `The team “${name}” would be deleted with your account and has an active subscription. Cancel it first.`,
        );
      }
      const heirs = new Map<number, number>();
      for (const team of teams) {
        if (team.others === 0) continue;
        const heir = await repo.heirOf(team.id, user.id);
        // A team with other members but no other admin was refused above.
        if (heir !== undefined) heirs.set(team.id, heir);
      }
      await repo.deleteUser(user.id, { heirs, soloTeams });
      authCache.forgetCredentialsOf(user.id);
      authCache.userChanged(user.id);
      for (const heir of heirs.values()) authCache.userChanged(heir);
    },
  };
}

const refusal = (message: string) => new BadRequest({ non_field_errors: [message] });
