import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { memberships, subscriptions } from '../../db/schema';
import { AppError, type ErrorBody } from '../../errors';

/** The text every gated page and call shows (SPEC §7: the suite beyond the dashboard needs premium). */
export const PREMIUM_REQUIRED = 'An active premium subscription is needed for this page.';

/**
 * 402 rather than 403: SPEC §8 sends a 403 to the sign-in page, and the user is signed in. The web
 * app reads the detail and shows the subscription offer.
 */
export class PremiumRequired extends AppError {
  readonly statusCode = 402;
  constructor() {
    super(PREMIUM_REQUIRED);
  }
  body(): ErrorBody {
    return { detail: this.message };
  }
}

/**
 * The one subscription rule Deep Thought reads (SPEC §3 team.subscriptions, §6 the latest-started
 * one counts): a user has premium when the latest-started subscription of a team they belong to is
 * active. modules/index.ts passes it to the service; nothing else decides.
 */
export function premiumCheck(db: Db) {
  return async (userId: number): Promise<boolean> => {
    const teams = await db
      .select({ teamId: memberships.teamId })
      .from(memberships)
      .where(eq(memberships.userId, userId));
    if (teams.length === 0) return false;
    const rows = await db
      .select({ teamId: subscriptions.teamId, active: subscriptions.active })
      .from(subscriptions)
      .where(
        and(
          inArray(
            subscriptions.teamId,
            teams.map((t) => t.teamId),
          ),
        ),
      )
      .orderBy(desc(subscriptions.start), desc(subscriptions.id));
    const latest = new Map<number, boolean>();
    for (const row of rows) if (!latest.has(row.teamId)) latest.set(row.teamId, row.active);
    return [...latest.values()].some(Boolean);
  };
}
