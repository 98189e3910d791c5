import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { premiumSubscriptions } from '../../db/schema';
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
 * The one subscription rule Deep Thought reads: a user has premium when their latest-started
 * premium-suite subscription (premium_subscriptions, kept by the billing module from the payment
 * provider's verified webhooks) is active. modules/deepthought/index.ts passes it to the service;
 * nothing else decides.
 */
export function premiumCheck(db: Db) {
  return async (userId: number): Promise<boolean> => {
    const [latest] = await db
      .select({ active: premiumSubscriptions.active })
      .from(premiumSubscriptions)
      .where(eq(premiumSubscriptions.userId, userId))
      .orderBy(desc(premiumSubscriptions.start), desc(premiumSubscriptions.id))
      .limit(1);
    return latest?.active ?? false;
  };
}

/** 402 unless `premium` finds an active premium subscription of the user (premiumCheck's rule). */
export async function requirePremium(
  premium: (userId: number) => Promise<boolean>,
  userId: number,
): Promise<void> {
  if (!(await premium(userId))) throw new PremiumRequired();
}
