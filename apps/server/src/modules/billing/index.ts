import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createBillingWebhooks } from './billing-webhooks';
import { createBillingRepository } from './billing.repository';
import { billingRoutes } from './billing.routes';
import { createBillingService, type TeamAccess } from './billing.service';
import { createPremiumService } from './premium.service';
import { premiumRoutes } from './premium.routes';
import { createProvider } from './provider';
import { createStripeClient } from '../../integrations/billing';

export type { BillingService } from './billing.service';
export { UPLOAD_NEEDS_SUBSCRIPTION } from './plans';

/**
 * Billing (docs/billing.md): plans seeded by migration, payments through the official Stripe SDK
 * (the sandbox's stand-in by default outside production), subscription state only from verified
 * webhook events. Other modules ask `billingService.uploadPermission`, `assertCanSaveAudience`
 * and `assertSeatsFor` through narrow types of their own, wired in modules/index.ts.
 */
export function createBillingModule(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  teamsService: TeamAccess;
  log: FastifyInstance['log'];
  /** The premium suite's origin (its checkout return pages); PUBLIC_URL when not given. */
  premiumUrl?: string;
}) {
  const { db, config, clock } = deps;
  const repo = createBillingRepository(db);
  const stripe = createStripeClient(config.stripe);
  const provider = createProvider({ stripe, repo, clock });
  const billingService = createBillingService({
    repo,
    provider,
    teams: deps.teamsService,
    clock,
    publicUrl: config.publicUrl,
  });
  const premiumService = createPremiumService({
    repo,
    provider,
    clock,
    // The premium flavour is chosen by host (SPEC §1): its return pages live there.
    premiumUrl: deps.premiumUrl ?? config.publicUrl,
  });
  const webhooks = createBillingWebhooks({
    stripe,
    webhookSecret: config.stripe.webhookSecret,
    clock,
    inTransaction: (work) => db.transaction((tx) => work(createBillingRepository(tx))),
    onReferralCredit: async (credit) => {
      try {
        await premiumService.creditReferrer(credit);
      } catch (error) {
        // The event is already applied; the credit is marked in the database and can be re-sent.
        deps.log.error({ err: error, credit }, 'referral credit failed');
      }
    },
  });
  return {
    billingService,
    premiumService,
    webhooks,
    async registerRoutes(app: FastifyInstance) {
      await app.register(billingRoutes, {
        billingService,
        webhooks,
        publicKey: config.stripe.publishableKey,
        enabled: config.stripe.enabled,
      });
      await app.register(premiumRoutes, { premiumService, enabled: config.stripe.enabled });
    },
  };
}
