import { ApiResponseError } from 'twitter-api-v2';
import { toXError } from './errors';
import type { XTransport, XUserTokens } from './transport';

/** X's Ads API v12. Against a sandbox the redirect plugin rewrites this host to `…/sandbox/ads/12/`. */
export const ADS_API = 'https://ads-api.x.com/12/';

export interface XAdAccount {
  id: string;
  name: string;
}

export interface XCustomAudience {
  id: string;
  name: string;
  targetable: boolean;
  audience_size: number;
  reasons_not_targetable: string[];
}

/** What Profile settings shows of an ad account: campaigns, line items (X's ad groups) and ads. */
export interface XCampaignSummary {
  id: string;
  name: string;
  entity_status: string;
}
export interface XLineItemSummary {
  id: string;
  name: string;
  campaign_id: string;
  entity_status: string;
}
export interface XPromotedTweetSummary {
  id: string;
  line_item_id: string;
  tweet_id: string;
  entity_status: string;
}

/** One targeting criterion of a line item, as X takes it. */
export interface XTargetingCriterion {
  targeting_type: string;
  targeting_value: string;
  operator_type: 'EQ' | 'NE';
}

export type XAdsClient = ReturnType<typeof createXAdsClient>;

/** The calls Murmur makes to X's Ads API for a user: ad accounts and custom-audience uploads. */
export function createXAdsClient(x: XTransport) {
  const client = (tokens: XUserTokens) => x.user(tokens);

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toXError(what, error);
    }
  }

  type Envelope<T> = { data: T; next_cursor?: string | null };
  const get = <T>(tokens: XUserTokens, path: string, query: Record<string, string> = {}) =>
    client(tokens).get<Envelope<T>>(ADS_API + path, query, { prefix: '' });
  const post = <T>(tokens: XUserTokens, path: string, body: object, json = false) =>
    client(tokens).post<Envelope<T>>(ADS_API + path, body, {
      prefix: '',
      ...(json && { forceBodyMode: 'json' as const }),
    });

  const account = (a: { id: string; name: string }): XAdAccount => ({ id: a.id, name: a.name });
  const audience = (a: XCustomAudience): XCustomAudience => ({
    id: a.id,
    name: a.name,
    targetable: a.targetable,
    audience_size: a.audience_size,
    reasons_not_targetable: a.reasons_not_targetable,
  });

  return {
    /** Every ad account the user can reach (all pages). */
    accounts(tokens: XUserTokens): Promise<XAdAccount[]> {
      return call('accounts', async () => {
        const out: XAdAccount[] = [];
        let cursor: string | null | undefined;
        for (let page = 0; page < 20; page++) {
          const answer = await get<XAdAccount[]>(tokens, 'accounts', {
            count: '200',
            ...(cursor && { cursor }),
          });
          out.push(...answer.data.map(account));
          cursor = answer.next_cursor;
          if (!cursor) break;
        }
        return out;
      });
    },

    /** One ad account; `XAdsNoAccess` when the user cannot reach it. */
    account(tokens: XUserTokens, accountId: string): Promise<XAdAccount> {
      return call('account', async () =>
        account((await get<XAdAccount>(tokens, `accounts/${encodeURIComponent(accountId)}`)).data),
      );
    },

    /** Opens an ad account for the user (X's sandbox ads environment allows this). */
    createAccount(tokens: XUserTokens, name: string): Promise<XAdAccount> {
      return call('create account', async () =>
        account((await post<XAdAccount>(tokens, 'accounts', { name })).data),
      );
    },

    /**
     * An ad account's campaigns, line items (X's ad groups) and promoted posts (its ads), without
     * deleted ones; up to 5 pages of 1000 each.
     */
    adGroupsAndAds(tokens: XUserTokens, accountId: string) {
      type Listed = { deleted?: boolean };
      const all = async <T extends Listed>(what: string): Promise<T[]> => {
        const out: T[] = [];
        let cursor: string | null | undefined;
        for (let page = 0; page < 5; page++) {
          const answer = await get<T[]>(tokens, `accounts/${encodeURIComponent(accountId)}/${what}`, {
            count: '1000',
            ...(cursor && { cursor }),
          });
          out.push(...answer.data.filter((row) => row.deleted !== true));
          cursor = answer.next_cursor;
          if (!cursor) break;
        }
        return out;
      };
      return call('ad groups and ads', async () => {
        const [campaigns, lineItems, ads] = await Promise.all([
          all<XCampaignSummary & Listed>('campaigns'),
          all<XLineItemSummary & Listed>('line_items'),
          all<XPromotedTweetSummary & Listed>('promoted_tweets'),
        ]);
        return {
          campaigns: campaigns.map(({ id, name, entity_status }) => ({ id, name, entity_status })),
          lineItems: lineItems.map(({ id, name, campaign_id, entity_status }) => ({
            id,
            name,
            campaign_id,
            entity_status,
          })),
          ads: ads.map(({ id, line_item_id, tweet_id, entity_status }) => ({
            id,
            line_item_id,
            tweet_id,
            entity_status,
          })),
        };
      });
    },

    /**
     * An ad account's measurement resources, as X sends them (without deleted ones): its website
     * tag's conversion events (`web_event_tags`), app conversion events (`app_event_tags`) and
     * apps (`account_apps`); up to 5 pages of 1000 each.
     */
    measurement<T extends object>(
      tokens: XUserTokens,
      accountId: string,
      what: 'web_event_tags' | 'app_event_tags' | 'account_apps',
    ): Promise<T[]> {
      return call(what, async () => {
        const out: T[] = [];
        let cursor: string | null | undefined;
        for (let page = 0; page < 5; page++) {
          const answer = await get<(T & { deleted?: boolean })[]>(
            tokens,
            `accounts/${encodeURIComponent(accountId)}/${what}`,
            { count: '1000', ...(cursor && { cursor }) },
          );
          out.push(...answer.data.filter((row) => row.deleted !== true));
          cursor = answer.next_cursor;
          if (!cursor) break;
        }
        return out;
      });
    },

    customAudiences(tokens: XUserTokens, accountId: string): Promise<XCustomAudience[]> {
      return call('custom audiences', async () =>
        (
          await get<XCustomAudience[]>(tokens, `accounts/${encodeURIComponent(accountId)}/custom_audiences`, {
            count: '1000',
          })
        ).data.map(audience),
      );
    },

    customAudience(tokens: XUserTokens, accountId: string, id: string): Promise<XCustomAudience> {
      return call('custom audience', async () =>
        audience(
          (
            await get<XCustomAudience>(
              tokens,
              `accounts/${encodeURIComponent(accountId)}/custom_audiences/${encodeURIComponent(id)}`,
            )
          ).data,
        ),
      );
    },

    createCustomAudience(
      tokens: XUserTokens,
      accountId: string,
      name: string,
      description: string,
    ): Promise<XCustomAudience> {
      return call('create custom audience', async () =>
        audience(
          (
            await post<XCustomAudience>(
              tokens,
              `accounts/${encodeURIComponent(accountId)}/custom_audiences`,
              {
                name,
                description,
              },
            )
          ).data,
        ),
      );
    },

    deleteCustomAudience(tokens: XUserTokens, accountId: string, id: string): Promise<void> {
      return call('delete custom audience', async () => {
        await client(tokens).delete(
          `${ADS_API}accounts/${encodeURIComponent(accountId)}/custom_audiences/${encodeURIComponent(id)}`,
          {},
          { prefix: '' },
        );
      });
    },

    /** X's LOCATION value of a country (ISO alpha-2), from the locations catalogue. */
    countryLocation(tokens: XUserTokens, code: string): Promise<string | undefined> {
      return call('locations', async () => {
        const answer = await get<{ targeting_value: string }[]>(tokens, 'targeting_criteria/locations', {
          location_type: 'COUNTRIES',
          country_code: code.toUpperCase(),
        });
        return answer.data[0]?.targeting_value;
      });
    },

    /**
     * Makes a line item's targeting exactly `criteria`: X has no update, so the current criteria are
     * deleted and the new ones created. Answers how many X refused.
     */
    replaceLineItemTargeting(
      tokens: XUserTokens,
      accountId: string,
      lineItemId: string,
      criteria: readonly XTargetingCriterion[],
    ): Promise<{ created: number; refused: number }> {
      return call('targeting criteria', async () => {
        const base = `accounts/${encodeURIComponent(accountId)}/targeting_criteria`;
        const current = await get<{ id: string }[]>(tokens, base, {
          line_item_ids: lineItemId,
          count: '1000',
        });
        for (const c of current.data)
          await client(tokens).delete(`${ADS_API}${base}/${encodeURIComponent(c.id)}`, {}, { prefix: '' });
        let created = 0;
        let refused = 0;
        for (const c of criteria) {
          try {
            await post(tokens, base, { line_item_id: lineItemId, ...c });
            created++;
          } catch (error) {
            if (!(error instanceof ApiResponseError) || error.code !== 400) throw error;
            refused++;
          }
        }
        return { created, refused };
      });
    },

    /**
     * X's users endpoint: SHA-256 hashes of the members' normalised handles, 2 500 users per
     * operation as X allows. Answers how many users X received.
     */
    uploadHandleHashes(
      tokens: XUserTokens,
      accountId: string,
      id: string,
      hashes: readonly string[],
    ): Promise<{ success_count: number; total_count: number }> {
      return call('upload custom audience users', async () => {
        const total = { success_count: 0, total_count: 0 };
        const path = `accounts/${encodeURIComponent(accountId)}/custom_audiences/${encodeURIComponent(id)}/users`;
        // Several operations per request, at most ~20 000 users per request.
        for (let from = 0; from < hashes.length; from += 20_000) {
          const slice = hashes.slice(from, from + 20_000);
          const operations = [];
          for (let k = 0; k < slice.length; k += 2500)
            operations.push({
              operation_type: 'Update',
              params: { users: slice.slice(k, k + 2500).map((h) => ({ handle: [h] })) },
            });
          const answer = await post<{ success_count: number; total_count: number }>(
            tokens,
            path,
            operations,
            true,
          );
          total.success_count += answer.data.success_count;
          total.total_count += answer.data.total_count;
        }
        return total;
      });
    },
  };
}
