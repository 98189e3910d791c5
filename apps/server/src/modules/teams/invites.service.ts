import type { CreateInvites, Invite, Team } from '@murmur/core/api';
import type { InviteRow, UserRow } from '../../db/schema';
import { BadRequest, NotFound, TooManyRequests } from '../../errors';
import {
  invitationMail,
  type MailOutbox,
  type OutboxEntry,
  type OutboxRepository,
} from '../../integrations/mail';
import type { Clock } from '../../lib/clock';
import { randomKey, sha256 } from '../../lib/crypto';
import type { InviteWithLogin, InvitesRepository } from './invites.repository';
import { parseTeamRef } from './team-ref';
import type { TeamsService } from './teams.service';
import type { TeamsRepository } from './teams.repository';

export type InvitesService = ReturnType<typeof createInvitesService>;

/** Same answer for unknown, foreign and used codes: nothing can be learnt by guessing. */
const INVALID_INVITE = 'This invitation is invalid or has already been used.';

const HOUR_MS = 60 * 60 * 1000;

/** SPEC §3 invite: email, optional message, state, joined date, last login. */
function present({ invite, lastLogin }: InviteWithLogin): Invite {
  return {
    id: invite.id,
    email: invite.email,
    message: invite.message,
    state: invite.state,
    created: invite.created.toISOString(),
    accepted: invite.acceptedAt !== null,
    joined: invite.acceptedAt?.toISOString() ?? null,
    last_login: lastLogin?.toISOString() ?? null,
  };
}

const displayName = (user: UserRow) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

/** The writes of an invitation, bound to one transaction (modules/index.ts): invites and their mail. */
export interface InviteWrites {
  invites: InvitesRepository;
  outbox: OutboxRepository;
}

export function createInvitesService(deps: {
  invitesRepository: InvitesRepository;
  teamsRepository: TeamsRepository;
  teamsService: TeamsService;
  /** Runs `work` in one database transaction; its writes commit together or not at all. */
  inTransaction: <T>(work: (writes: InviteWrites) => Promise<T>) => Promise<T>;
  outbox: MailOutbox;
  clock: Clock;
  publicUrl: string;
  /** Invitation mails a team may send per hour (docs/API.md "Limits"). */
  mailsPerHour: number;
  /** The team plan's seats (modules/billing): throws when `adding` more would not fit. */
  seats?: { assertSeatsFor(teamId: number, adding: number): Promise<void> };
}) {
  const {
    invitesRepository: repo,
    teamsRepository,
    teamsService,
    inTransaction,
    outbox,
    clock,
    publicUrl,
    mailsPerHour,
  } = deps;

  /**
   * One request may mail up to MAX_INVITES_PER_REQUEST addresses, so the team's budget counts mails
   * (the invites of the last hour, from the database: every server process sees the same count).
   * @throws TooManyRequests when `count` more would exceed it, with the wait until they fit.
   */
  async function spendMailBudget(teamId: number, count: number) {
    const now = clock.now().getTime();
    const sent = await repo.createdSince(teamId, new Date(now - HOUR_MS));
    const over = sent.length + count - mailsPerHour;
    if (over <= 0) return;
    // The `over`-th oldest invitation of the hour must leave the window before these fit.
    const oldest = sent[Math.min(over, sent.length) - 1];
    const seconds = Math.max(1, Math.ceil(((oldest?.getTime() ?? now) + HOUR_MS - now) / 1000));
    const minutes = Math.ceil(seconds / 60);
    const left = Math.max(0, mailsPerHour - sent.length);
    throw new TooManyRequests(
      `This team can send at most ${mailsPerHour} invitations per hour` +
        (left > 0 ? ` and has ${left} left` : '') +
        `. Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
      seconds,
    );
  }

  return {
    async list(user: UserRow, refValue: string): Promise<Invite[]> {
      const { team } = await teamsService.access(user, refValue);
      return (await repo.list(team.id)).map(present);
    },

    /**
     * Admins invite one or several addresses (SPEC §5). The invites and their mails are stored
     * together (`pending`, mail in the outbox), then each mail is sent and its invite marked `sent`.
     * A mail that fails leaves its invite pending and is retried with backoff, also after a restart.
     */
    async create(user: UserRow, refValue: string, input: Required<CreateInvites>): Promise<Invite[]> {
      const { team } = await teamsService.adminAccess(user, refValue);
      const emails = [...new Set(input.emails)];
      const members = await repo.memberEmails(team.id, emails);
      if (members.length > 0) {
        throw new BadRequest({
          emails: members.map((email) => `${email} is already a member of this team.`),
        });
      }
      await deps.seats?.assertSeatsFor(team.id, emails.length);
      await spendMailBudget(team.id, emails.length);
      const stored = await inTransaction(async (w) => {
        const rows: { invite: InviteRow; entry: OutboxEntry }[] = [];
        for (const email of emails) {
          const code = randomKey();
          const invite = await w.invites.insert({
            teamId: team.id,
            email,
            message: input.message,
            codeHash: sha256(code),
            invitedBy: user.id,
            created: clock.now(),
          });
          const mail = invitationMail({
            to: email,
            language: user.language,
            inviterName: displayName(user),
            teamName: team.name,
            message: input.message,
            acceptUrl: `${publicUrl}/${team.slug}/invite-accept?code=${encodeURIComponent(code)}`,
          });
          rows.push({
            invite,
            entry: await outbox.enqueue(w.outbox, mail, { kind: 'invitation', inviteId: invite.id }),
          });
        }
        return rows;
      });
      const created: Invite[] = [];
      for (const { invite, entry } of stored) {
        const sent = await outbox.sendNow(entry);
        created.push(present({ invite: sent ? { ...invite, state: 'sent' } : invite, lastLogin: null }));
      }
      return created;
    },

    /** The signed-in user joins as a member with a code from an invitation mail; each code works once. */
    async accept(user: UserRow, refValue: string, code: string): Promise<Team> {
      const ref = parseTeamRef(refValue);
      const team = ref && (await teamsRepository.findByRef(ref));
      const invite = team && (await repo.findOpenByCode(team.id, sha256(code)));
      if (!team || !invite || !(await repo.accept(invite.id, team.id, user.id, clock.now()))) {
        throw new NotFound(INVALID_INVITE);
      }
      return teamsService.present(team);
    },
  };
}
