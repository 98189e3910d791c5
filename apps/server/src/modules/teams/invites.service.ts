import type { CreateInvites, Invite, Team } from '@murmur/core/api';
import type { InviteRow, UserRow } from '../../db/schema';
import { BadRequest, Forbidden, NotFound, TooManyRequests } from '../../errors';
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
const EXPIRED_INVITE = 'This invitation has expired. Ask a team admin to send it again.';
const OTHER_ADDRESS =
  'This invitation was sent to another email address. Sign in with the address it was sent to, or ask a team admin to invite you.';
const NO_INVITE = 'No such invitation in this team.';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** SPEC §3 invite: email, optional message, state, joined date, last login; when its code expires. */
function present({ invite, lastLogin }: InviteWithLogin, now: Date): Invite {
  return {
    id: invite.id,
    email: invite.email,
    message: invite.message,
    state: invite.state,
    created: invite.created.toISOString(),
    accepted: invite.acceptedAt !== null,
    joined: invite.acceptedAt?.toISOString() ?? null,
    last_login: lastLogin?.toISOString() ?? null,
    expires: invite.expiresAt.toISOString(),
    expired: invite.acceptedAt === null && invite.expiresAt <= now,
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
  /** How long an invitation's code works, in days (INVITE_TTL_DAYS). */
  ttlDays: number;
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
    ttlDays,
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

  /**
   * Stores the invites and their mails together (`pending`, mail in the outbox; `replacing` an
   * older invite deletes it in the same transaction), then sends each mail and marks its invite
   * `sent`. A mail that fails leaves its invite pending and is retried with backoff.
   */
  async function send(
    user: UserRow,
    team: { id: number; name: string; slug: string },
    emails: string[],
    message: string,
    replacing?: number,
  ): Promise<Invite[]> {
    const stored = await inTransaction(async (w) => {
      if (replacing !== undefined && !(await w.invites.deleteOpen(team.id, replacing))) {
        throw new NotFound(NO_INVITE);
      }
      const rows: { invite: InviteRow; entry: OutboxEntry }[] = [];
      for (const email of emails) {
        const code = randomKey();
        const created = clock.now();
        const invite = await w.invites.insert({
          teamId: team.id,
          email,
          message,
          codeHash: sha256(code),
          invitedBy: user.id,
          created,
          expiresAt: new Date(created.getTime() + ttlDays * DAY_MS),
        });
        const mail = invitationMail({
          to: email,
          language: user.language,
          inviterName: displayName(user),
          teamName: team.name,
          message,
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
      created.push(
        present({ invite: sent ? { ...invite, state: 'sent' } : invite, lastLogin: null }, clock.now()),
      );
    }
    return created;
  }

  return {
    async list(user: UserRow, refValue: string): Promise<Invite[]> {
      const { team } = await teamsService.access(user, refValue);
      const now = clock.now();
      return (await repo.list(team.id)).map((row) => present(row, now));
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
      return send(user, team, emails, input.message);
    },

    /** An admin withdraws an invitation not yet accepted: its code stops working. */
    async revoke(user: UserRow, refValue: string, inviteId: number): Promise<void> {
      const { team } = await teamsService.adminAccess(user, refValue);
      const invite = await repo.findById(team.id, inviteId);
      if (!invite) throw new NotFound(NO_INVITE);
      if (invite.acceptedAt !== null || !(await repo.deleteOpen(team.id, inviteId))) {
        throw new BadRequest({
          non_field_errors: ['This invitation was accepted: remove the member instead.'],
        });
      }
    },

    /**
     * An admin sends an invitation not yet accepted again: it is replaced by a new one (new code,
     * new expiry, counted in the team's mail budget) and the old code stops working.
     */
    async resend(user: UserRow, refValue: string, inviteId: number): Promise<Invite> {
      const { team } = await teamsService.adminAccess(user, refValue);
      const invite = await repo.findById(team.id, inviteId);
      if (!invite) throw new NotFound(NO_INVITE);
      if (invite.acceptedAt !== null) {
        throw new BadRequest({ non_field_errors: ['This invitation was already accepted.'] });
      }
      await spendMailBudget(team.id, 1);
      const [sent] = await send(user, team, [invite.email], invite.message, inviteId);
      if (!sent) throw new Error('resend made no invitation');
      return sent;
    },

    /**
     * The signed-in user joins as a member with a code from an invitation mail. Each code works
     * once, until it expires, and only for the address it was sent to.
     */
    async accept(user: UserRow, refValue: string, code: string): Promise<Team> {
      const ref = parseTeamRef(refValue);
      const team = ref && (await teamsRepository.findByRef(ref));
      const invite = team && (await repo.findOpenByCode(team.id, sha256(code)));
      if (!team || !invite) throw new NotFound(INVALID_INVITE);
      if (invite.expiresAt <= clock.now()) throw new BadRequest({ code: [EXPIRED_INVITE] });
      if (invite.email.toLowerCase() !== user.email.toLowerCase()) throw new Forbidden(OTHER_ADDRESS);
      if (!(await repo.accept(invite.id, team.id, user.id, clock.now()))) {
        throw new NotFound(INVALID_INVITE);
      }
      return teamsService.present(team);
    },
  };
}
