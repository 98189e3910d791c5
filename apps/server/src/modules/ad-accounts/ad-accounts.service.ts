import type { FastifyBaseLogger } from 'fastify';
import type {
  AdAccountAdGroups,
  CreateAdAccountInput,
  CreatedAdAccount,
  AdAccountAccess,
} from '@murmur/core/api';
import type { UserRow } from '../../db/schema';
import { BadRequest, ServiceUnavailable } from '../../errors';
import { XError, type XAdsClient, type XUserTokens } from '../../integrations/x';
import type { Clock } from '../../lib/clock';
import { seal, unseal } from '../../lib/crypto';
import type { XAdAccountsRepository } from './ad-accounts.repository';

/** SPEC §8. */
export const NO_AD_ACCOUNT_ID = 'No ad account id provided';
export const CONNECT_X_FIRST = 'Connect your X account first to reach its ad accounts.';
const SEAL_PURPOSE = 'x-ads-token';

export type XAdAccountsService = ReturnType<typeof createXAdAccountsService>;

/**
 * A user's ad accounts come from their connected X account through X's Ads API (the sandbox's by
 * default): the OAuth 1.0a token of their X sign-in or link is kept sealed and used for them.
 */
export function createXAdAccountsService(deps: {
  repo: XAdAccountsRepository;
  ads: XAdsClient;
  secret: string;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repo, ads, secret, clock, log } = deps;

  async function tokensOf(userId: number): Promise<XUserTokens | undefined> {
    const row = await repo.credentialsOf(userId);
    if (!row) return undefined;
    try {
      return {
        accessToken: unseal(secret, SEAL_PURPOSE, row.sealedToken),
        accessSecret: unseal(secret, SEAL_PURPOSE, row.sealedSecret),
      };
    } catch {
      // Sealed under another SESSION_SECRET: as good as not connected.
      return undefined;
    }
  }

  async function requireTokens(userId: number): Promise<XUserTokens> {
    const tokens = await tokensOf(userId);
    if (!tokens) throw new BadRequest({ non_field_errors: [CONNECT_X_FIRST] });
    return tokens;
  }

  /** X's errors as the API's: unreachable → 503, anything else → 400 with a plain message. */
  async function guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof XError)) throw error;
      log.warn({ err: error }, 'X Ads API call failed');
      if (error.unreachable)
        throw new ServiceUnavailable('X cannot be reached right now. Please try again later.');
      if (error.noAccess)
        throw new BadRequest({ account_id: ['You do not have access to this ad account on X.'] });
      throw new BadRequest({ non_field_errors: ['X refused the request. Please try again later.'] });
    }
  }

  /** Reads the user's ad accounts from X into the table `/api/user/accounts/` lists. */
  async function refresh(userId: number): Promise<void> {
    const tokens = await tokensOf(userId);
    if (!tokens) return;
    try {
      await repo.replaceXAccounts(userId, await ads.accounts(tokens));
    } catch (error) {
      // The list read last time stays; the next read tries again.
      if (!(error instanceof XError)) throw error;
      log.warn({ err: error }, 'reading ad accounts from X failed');
    }
  }

  const accountIdOf = (value: string | undefined): string => {
    if (!value) throw new BadRequest({ non_field_errors: [NO_AD_ACCOUNT_ID] });
    return value;
  };

  return {
    tokensOf,
    requireTokens,
    refresh,
    guard,

    /** Sign-in or link with X: the token is kept and the ad accounts read at once. */
    async keepTokens(userId: number, xUserId: string, tokens: XUserTokens): Promise<void> {
      await repo.keepCredentials({
        userId,
        xUserId,
        sealedToken: seal(secret, SEAL_PURPOSE, tokens.accessToken),
        sealedSecret: seal(secret, SEAL_PURPOSE, tokens.accessSecret),
        updated: clock.now(),
      });
      await refresh(userId);
    },

    forget: (userId: number) => repo.forget(userId),

    /** SPEC §4 ad account access: true when X lets the user's token read the account. */
    async validate(user: UserRow, adAccountId: string | undefined): Promise<AdAccountAccess> {
      const id = accountIdOf(adAccountId);
      const tokens = await tokensOf(user.id);
      if (!tokens) return { ad_account_id: id, access: false };
      try {
        const account = await ads.account(tokens, id);
        await repo.addXAccount(user.id, account);
        return { ad_account_id: id, access: true };
      } catch (error) {
        if (error instanceof XError && error.noAccess) return { ad_account_id: id, access: false };
        return guard(() => Promise.reject(error as Error));
      }
    },

    /**
     * Profile settings (SPEC §2 ad groups, ads): the ad account's line items — X's ad groups — each
     * with its campaign and its promoted posts (the ads), read on X with the user's own token.
     */
    async adGroups(user: UserRow, adAccountId: string): Promise<AdAccountAdGroups> {
      const tokens = await requireTokens(user.id);
      const {
        campaigns,
        lineItems,
        ads: promoted,
      } = await guard(() => ads.adGroupsAndAds(tokens, adAccountId));
      const campaignName = new Map(campaigns.map((c) => [c.id, c.name]));
      return {
        ad_account_id: adAccountId,
        ad_groups: lineItems.map((li) => ({
          id: li.id,
          name: li.name,
          status: li.entity_status,
          campaign: { id: li.campaign_id, name: campaignName.get(li.campaign_id) ?? li.campaign_id },
          ads: promoted
            .filter((ad) => ad.line_item_id === li.id)
            .map((ad) => ({ id: ad.id, post_id: ad.tweet_id, status: ad.entity_status })),
        })),
      };
    },

    /** SPEC §7 create ad account {account_id, name}: an ad account on X the user reaches, added by id. */
    async createAdAccount(user: UserRow, input: CreateAdAccountInput): Promise<CreatedAdAccount> {
      const id = accountIdOf(input.account_id);
      const tokens = await requireTokens(user.id);
      const account = await guard(() => ads.account(tokens, id));
      await repo.addXAccount(user.id, { id: account.id, name: input.name });
      return { id: account.id, name: input.name, access: true };
    },

    /**
     * SPEC §7 create audiences ad account {account_id, name}: opens a new ad account on X, named
     * `name`, to hold the audiences uploaded for the advertiser's account `account_id` (which the
     * user must reach).
     */
    async createAudiencesAdAccount(user: UserRow, input: CreateAdAccountInput): Promise<CreatedAdAccount> {
      const id = accountIdOf(input.account_id);
      const tokens = await requireTokens(user.id);
      await guard(() => ads.account(tokens, id));
      const created = await guard(() => ads.createAccount(tokens, input.name));
      await repo.addXAccount(user.id, created);
      return { id: created.id, name: created.name, access: true };
    },
  };
}
