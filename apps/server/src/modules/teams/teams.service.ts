import type { z } from 'zod';
import type { createTeamSchema, Member, TeamAccount, Team, TeamInfo } from '@murmur/core/api';
import { isReservedTeamSlug, RESERVED_TEAM_SLUGS } from '@murmur/core/api';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import { parseTeamRef } from './team-ref';
import { firstFreeSlug, slugify } from './slug';
import type { AccountRef, MembershipRow, TeamChanges, TeamRow, TeamsRepository } from './teams.repository';

export type CreateTeamInput = z.output<typeof createTeamSchema>;
export type TeamsService = ReturnType<typeof createTeamsService>;

const SLUG_TAKEN = 'A team with this slug already exists';
const LAST_ADMIN = 'A team needs at least one admin: make another member admin first, or delete the team.';
const NO_MEMBER = 'No such member in this team.';

/** The users module's check of which ad accounts a user reaches (usersService, wired in modules/index.ts). */
export interface AccountOwnership {
  /** The ad accounts in `refs` that the user cannot reach. */
  unownedAccounts(userId: number, refs: AccountRef[]): Promise<AccountRef[]>;
}

const presentMember = ({ membership: m, user: u }: { membership: MembershipRow; user: UserRow }): Member => ({
  id: m.id,
  level: m.level,
  user: { id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName },
  joined: m.joined.toISOString(),
  last_login: u.lastLogin?.toISOString() ?? null,
});

export function createTeamsService(deps: {
  teamsRepository: TeamsRepository;
  usersService: AccountOwnership;
  clock: Clock;
}) {
  const { teamsRepository: repo, usersService, clock } = deps;

  /** SPEC §3 team fields; member_count and subscriptions come from their own tables. */
  async function present(rows: TeamRow[]): Promise<Team[]> {
    const { counts, subs } = await repo.extras(rows.map((t) => t.id));
    return rows.map((t) => ({
      id: t.id,
      name: t.name,
      slug: t.slug,
      logo: t.logo,
      member_count: counts.get(t.id) ?? 0,
      invoice_email: t.invoiceEmail,
      country: t.country,
      invoice_name: t.invoiceName,
      subscriptions: subs
        .filter((s) => s.teamId === t.id)
        .map((s) => ({ start: s.start.toISOString(), active: s.active, plan: { name: s.planName } })),
    }));
  }
  const presentOne = async (team: TeamRow) => (await present([team]))[0]!;

  /**
   * The team behind a path value, for members only. Non-members get the same 404 as for a team that
   * does not exist, so team names and slugs cannot be probed (docs/API.md).
   */
  async function access(user: UserRow, refValue: string) {
    const ref = parseTeamRef(refValue);
    const found = ref && (await repo.findWithMembership(ref, user.id));
    if (!found) throw new NotFound();
    return found;
  }

  /** SPEC §6: "admin" on the team is needed to change it. */
  async function adminAccess(user: UserRow, refValue: string) {
    const found = await access(user, refValue);
    if (found.membership.level !== 'admin') throw new Forbidden();
    return found;
  }

  async function insertWithFreeSlug(user: UserRow, input: CreateTeamInput): Promise<TeamRow> {
    const now = clock.now();
    const base = input.slug ?? slugify(input.name);
    for (let attempt = 1; ; attempt++) {
      // A derived slug steps around the reserved route names as it does around taken slugs.
      const slug =
        input.slug ?? firstFreeSlug(base, [...(await repo.slugsLike(base)), ...RESERVED_TEAM_SLUGS]);
      try {
        return await repo.create({ name: input.name, slug, userId: user.id, accounts: input.accounts, now });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A chosen slug that is taken is the caller's to change. A derived one lost a race with a
        // parallel creation: look again for the next free suffix.
        if (input.slug || attempt === 5) throw new BadRequest({ slug: [SLUG_TAKEN] });
      }
    }
  }

  return {
    access,
    adminAccess,
    present: presentOne,

    async list(user: UserRow): Promise<Team[]> {
      return present(await repo.teamsOfUser(user.id));
    },

    /** The creator becomes admin; chosen ad accounts are granted through that membership (SPEC §7). */
    async create(user: UserRow, input: CreateTeamInput): Promise<Team> {
      if (input.slug && /^\d+$/.test(input.slug)) {
        throw new BadRequest({ slug: ['Slug must contain at least one letter'] });
      }
      if (input.slug && isReservedTeamSlug(input.slug)) {
        throw new BadRequest({ slug: ['This slug is reserved; choose another one'] });
      }
      const unowned = await usersService.unownedAccounts(user.id, input.accounts);
      if (unowned.length > 0) {
        throw new BadRequest({
          accounts: unowned.map(
            (a) => `You do not have access to the ${a.network} ad account ${a.account_id}.`,
          ),
        });
      }
      return presentOne(await insertWithFreeSlug(user, input));
    },

    async get(user: UserRow, refValue: string): Promise<Team> {
      return presentOne((await access(user, refValue)).team);
    },

    async update(user: UserRow, refValue: string, changes: TeamChanges): Promise<Team> {
      const { team } = await adminAccess(user, refValue);
      return presentOne(await repo.update(team.id, changes));
    },

    async members(user: UserRow, refValue: string): Promise<Member[]> {
      const { team } = await access(user, refValue);
      return (await repo.members(team.id)).map(presentMember);
    },

    /**
     * An admin removes a member, or changes a member's level (docs/API.md "Team lifecycle"). The
     * member's audiences, campaigns and uploads stay with the team; the ad-account grants made
     * through the membership end; their sessions stay theirs but no longer reach the team.
     * Answers the member as it was (for the Activity feed).
     */
    async changeMember(
      user: UserRow,
      refValue: string,
      memberId: number,
      change: { remove: true } | { level: Member['level'] },
    ): Promise<{ member: Member; team: TeamRow }> {
      const { team } = await adminAccess(user, refValue);
      const before = (await repo.members(team.id)).find((m) => m.membership.id === memberId);
      const { outcome } = await repo.changeMembership(team.id, memberId, change);
      if (outcome === 'missing' || !before) throw new NotFound(NO_MEMBER);
      if (outcome === 'last-admin') throw new BadRequest({ non_field_errors: [LAST_ADMIN] });
      return { member: presentMember(before), team };
    },

    /** The caller leaves the team; its last admin cannot (they delete the team or hand it over). */
    async leave(user: UserRow, refValue: string): Promise<Team> {
      const { team, membership } = await access(user, refValue);
      const { outcome } = await repo.changeMembership(team.id, membership.id, { remove: true });
      if (outcome === 'last-admin') throw new BadRequest({ non_field_errors: [LAST_ADMIN] });
      return presentOne(team);
    },

    /** An admin makes another member admin and becomes a plain member. */
    async transfer(user: UserRow, refValue: string, memberId: number): Promise<Member> {
      const { team, membership } = await adminAccess(user, refValue);
      if (memberId === membership.id) {
        throw new BadRequest({ member: ['Choose another member to hand the team to.'] });
      }
      if (!(await repo.transfer(team.id, membership.id, memberId))) throw new NotFound(NO_MEMBER);
      const target = (await repo.members(team.id)).find((m) => m.membership.id === memberId);
      if (!target) throw new NotFound(NO_MEMBER);
      return presentMember(target);
    },

    /**
     * An admin deletes the team with everything it holds (audiences, campaigns, uploads' records,
     * invitations, grants, its Activity feed). A team with a running subscription is refused: the
     * subscription is cancelled first, so billing never outlives its team.
     */
    async remove(user: UserRow, refValue: string, confirmName: string): Promise<void> {
      const { team } = await adminAccess(user, refValue);
      if (confirmName.trim().toLowerCase() !== team.name.trim().toLowerCase()) {
        throw new BadRequest({ name: ["Type the team's name exactly to delete it."] });
      }
      const { subs } = await repo.extras([team.id]);
      if (subs.some((sub) => sub.active)) {
        throw new BadRequest({
          non_field_errors: ["Cancel the team's subscription before deleting the team."],
        });
      }
      await repo.remove(team.id);
    },

    async accounts(user: UserRow, refValue: string): Promise<TeamAccount[]> {
      const { team } = await access(user, refValue);
      return repo.grants(team.id);
    },

    /** SPEC §7/§8: public name and logo by slug (the web app's host-name lookup); 404 means "no team". */
    async info(slug: string): Promise<TeamInfo> {
      const ref = parseTeamRef(slug);
      const team = ref && 'slug' in ref ? await repo.findBySlug(ref.slug) : undefined;
      if (!team) throw new NotFound();
      return { id: team.id, name: team.name, slug: team.slug, logo: team.logo };
    },
  };
}
