import { z } from 'zod';
import { DEFAULT_JOB_LIMITS, type JobLimits } from '../jobs/job-tracker';

/** Variables of `Limits` (below): whole numbers from 1, defaults in DEFAULT_LIMITS. */
const LIMIT_VARS = [
  'JOBS_PER_IP',
  'JOBS_PER_USER',
  'JOBS_PER_TEAM',
  'JOBS_TOTAL',
  'JOBS_ABANDON_SECONDS',
  'SIGN_IN_CODES_PER_IP',
  'SOCIAL_STARTS_PER_IP',
  'INVITE_MAILS_PER_TEAM',
  'INVITE_TTL_DAYS',
  'HISTORY_RETENTION_DAYS',
] as const;

/** Caps on jobs and rates by client (docs/API.md "Limits"; variables in README "Configuration"). */
export interface Limits {
  jobs: JobLimits;
  /** Sign-in code requests per IP address per 15 minutes (each address also has 5 per 15 minutes). */
  signInCodesPerIp: number;
  /** Social sign-in starts (X request tokens, X OAuth 2.0 challenges) per IP address per 15 minutes. */
  socialStartsPerIp: number;
  /** Invitation mails per team per hour (one request may send many). */
  inviteMailsPerTeam: number;
  /** Days an invitation's code works after it was sent. */
  inviteTtlDays: number;
  /** Days a saved audience's daily history point is kept (docs/API-AUDIENCES.md "History"). */
  historyRetentionDays: number;
  /** Indexed members above which a saved audience's history keeps no membership (who joined/left). */
  historyMembersCap: number;
  /**
   * Minutes between this process's scheduled history runs (today's point of every saved audience);
   * 0: none (a deployment whose points another process records).
   */
  historyRunMinutes: number;
}

/**
 * Generous enough for an office behind one address and for the browser journeys (a handful of
 * sign-ins per run); small enough that one client cannot mail hundreds of strangers or fill the
 * job queue.
 */
export const DEFAULT_LIMITS: Limits = {
  jobs: DEFAULT_JOB_LIMITS,
  signInCodesPerIp: 20,
  socialStartsPerIp: 30,
  inviteMailsPerTeam: 50,
  inviteTtlDays: 7,
  // Thirteen months: a year compared with the same month of the year before.
  historyRetentionDays: 400,
  historyMembersCap: 2_000_000,
  historyRunMinutes: 10,
};

export function limitsEnv() {
  const count = z.preprocess((v) => v || undefined, z.coerce.number().int().min(1).max(1_000_000).optional());
  return {
    ...(Object.fromEntries(LIMIT_VARS.map((name) => [name, count])) as Record<
      (typeof LIMIT_VARS)[number],
      typeof count
    >),
    // Members, not a rate: up to the largest index (0 keeps no membership at all).
    HISTORY_MEMBERS_CAP: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int().min(0).max(1_000_000_000).optional(),
    ),
    // Minutes, up to a day (0: no scheduled history run in this process).
    HISTORY_RUN_MINUTES: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int().min(0).max(1_440).optional(),
    ),
  };
}

export function limitsFrom(
  e: Partial<
    Record<(typeof LIMIT_VARS)[number] | 'HISTORY_MEMBERS_CAP' | 'HISTORY_RUN_MINUTES', number | undefined>
  >,
): Limits {
  const d = DEFAULT_LIMITS;
  return {
    jobs: {
      perIp: e.JOBS_PER_IP ?? d.jobs.perIp,
      perUser: e.JOBS_PER_USER ?? d.jobs.perUser,
      perTeam: e.JOBS_PER_TEAM ?? d.jobs.perTeam,
      total: e.JOBS_TOTAL ?? d.jobs.total,
      abandonAfterMs: (e.JOBS_ABANDON_SECONDS ?? d.jobs.abandonAfterMs / 1000) * 1000,
    },
    signInCodesPerIp: e.SIGN_IN_CODES_PER_IP ?? d.signInCodesPerIp,
    socialStartsPerIp: e.SOCIAL_STARTS_PER_IP ?? d.socialStartsPerIp,
    inviteMailsPerTeam: e.INVITE_MAILS_PER_TEAM ?? d.inviteMailsPerTeam,
    inviteTtlDays: e.INVITE_TTL_DAYS ?? d.inviteTtlDays,
    historyRetentionDays: e.HISTORY_RETENTION_DAYS ?? d.historyRetentionDays,
    historyMembersCap: e.HISTORY_MEMBERS_CAP ?? d.historyMembersCap,
    historyRunMinutes: e.HISTORY_RUN_MINUTES ?? d.historyRunMinutes,
  };
}
