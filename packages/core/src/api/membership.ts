import { z } from 'zod';
import { countFigureSchema, estimateFigureSchema } from '../sampling';
import { isoDateTime } from './common';
import { daySchema } from './history';

const whole = z.number().int().min(0);

/** Members at most whose membership a saved audience's history keeps (in indexed accounts). */
export const MEMBERSHIP_CAP = 2_000_000;
/** Accounts shown on each side of a membership difference. */
export const MEMBERSHIP_SAMPLE = 20;

/**
 * An account that joined or left, as the engine knows it now by its X id. `in_network` is false
 * when the account has left the network since (deleted or suspended): then only its id is known.
 */
export const memberAccountSchema = z.object({
  id: z.string(),
  in_network: z.boolean(),
  handle: z.string().nullable(),
  name: z.string().nullable(),
  /** X's public follower count as the index last saw it. */
  followers: whole.nullable(),
  verified: z.boolean().nullable(),
});
export type MemberAccount = z.infer<typeof memberAccountSchema>;

/**
 * One side of a membership difference: the accounts of the engine's index that joined (or left),
 * counted exactly (`count`, a count of indexed accounts), what that count stands for on X
 * (`estimate`, Murmur's population estimate at the audience's rate, with its interval), and up to
 * MEMBERSHIP_SAMPLE of them spread evenly over their X ids, most followers first.
 */
export const membershipSideSchema = z.object({
  count: countFigureSchema,
  estimate: estimateFigureSchema,
  sample: z.array(memberAccountSchema),
});
export type MembershipSide = z.infer<typeof membershipSideSchema>;

/**
 * Why a membership difference cannot be given: `not_recorded` — a point of the range was recorded
 * before memberships were kept (or its membership could not be recorded); `over_cap` — the audience
 * had more than `cap` indexed members at a point of the range, and no membership is kept then.
 */
export const MEMBERSHIP_UNAVAILABLE = ['not_recorded', 'over_cap'] as const;

export const membershipChangesSchema = z.object({
  audience_config_id: z.number().int(),
  from: z.object({ day: daySchema, measured: isoDateTime }),
  to: z.object({ day: daySchema, measured: isoDateTime }),
  /** Indexed members above which an audience's membership is not kept. */
  cap: whole,
  /** Null when the difference is available; else why not (the sides are null then). */
  unavailable: z.enum(MEMBERSHIP_UNAVAILABLE).nullable(),
  joined: membershipSideSchema.nullable(),
  left: membershipSideSchema.nullable(),
});
export type MembershipChanges = z.infer<typeof membershipChangesSchema>;
