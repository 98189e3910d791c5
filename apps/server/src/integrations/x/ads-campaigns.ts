import { ApiResponseError } from 'twitter-api-v2';
import { ADS_API } from './ads';
import { toXError } from './errors';
import type { XTransport, XUserTokens } from './transport';

export interface XCampaignInput {
  name: string;
  funding_instrument_id: string;
  daily_budget_amount_local_micro: number;
  total_budget_amount_local_micro?: number;
  start_time?: string;
  end_time?: string;
  entity_status: 'ACTIVE' | 'PAUSED' | 'DRAFT';
}

export interface XLineItemInput {
  campaign_id: string;
  name: string;
  objective: string;
  product_type: 'PROMOTED_TWEETS';
  placements: string;
  bid_strategy: 'AUTO';
  start_time?: string;
  end_time?: string;
  entity_status: 'ACTIVE' | 'PAUSED';
}

export interface XStatsSeries {
  id: string;
  metrics: Record<string, number[] | null>;
}

/** X's reach of one campaign over a window; both null when it delivered nothing there. */
export interface XCampaignReach {
  id: string;
  total_audience_reach: number | null;
  average_frequency: number | null;
}

/** How long a 429 may make a call wait before retrying once (longer waits fail with X's message). */
const MAX_RATE_LIMIT_WAIT_MS = 15_000;

/** The `data` of one of X's answers to a GET (a list or one entity). */
const dataOf = async <T>(
  user: ReturnType<XTransport['user']>,
  at: string,
  query: Record<string, string> = {},
): Promise<T> => (await user.get<{ data: T }>(at, query, { prefix: '' })).data;

/** An item of an ad account's media library, as a publish looks one up. */
interface XLibraryItem {
  media_key: string;
  media_url: string | null;
  file_name: string | null;
  deleted?: boolean;
}

export type XAdsCampaignClient = ReturnType<typeof createXAdsCampaignClient>;

/**
 * The campaign side of X's Ads API for a user: funding instruments, campaigns, line items, targeting
 * criteria, media library, promoted-only posts, promoted posts and synchronous stats. twitter-api-v2
 * signs every call with the user's OAuth 1.0a token; against the sandbox its redirect plugin
 * rewrites X's host.
 */
export function createXAdsCampaignClient(
  x: XTransport,
  options: { sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const client = (tokens: XUserTokens) => x.user(tokens);

  /** DELETE of one of the account's entities. */
  const remove = (what: string, tokens: XUserTokens, at: string) =>
    call(what, async () => {
      await client(tokens).delete(at, {}, { prefix: '' });
    });

  /** One call, retried once after X's rate-limit reset when that is near. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (error instanceof ApiResponseError && error.code === 429 && attempt === 0) {
          const reset = error.rateLimit?.reset;
          const wait = reset ? reset * 1000 - now() : 1000;
          if (wait <= MAX_RATE_LIMIT_WAIT_MS) {
            await sleep(Math.max(0, wait));
            continue;
          }
        }
        throw toXError(what, error, now);
      }
    }
  }

  type One<T> = { data: T };
  type Many<T> = { data: T[]; next_cursor?: string | null };
  const path = (accountId: string, rest: string) =>
    `${ADS_API}accounts/${encodeURIComponent(accountId)}/${rest}`;
  const form = (body: object) =>
    Object.fromEntries(
      Object.entries(body)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, String(v)]),
    );

  return {
    fundingInstruments: (tokens: XUserTokens, accountId: string) =>
      call('funding instruments', () =>
        dataOf<{ id: string; currency: string; cancelled?: boolean }[]>(
          client(tokens),
          path(accountId, 'funding_instruments'),
        ),
      ),

    createCampaign(tokens: XUserTokens, accountId: string, input: XCampaignInput) {
      return call(
        'create campaign',
        async () =>
          (
            await client(tokens).post<One<{ id: string }>>(path(accountId, 'campaigns'), form(input), {
              prefix: '',
            })
          ).data,
      );
    },

    campaign(tokens: XUserTokens, accountId: string, id: string) {
      return call(
        'campaign',
        async () =>
          (
            await client(tokens).get<One<{ id: string; created_at: string; entity_status: string }>>(
              path(accountId, `campaigns/${encodeURIComponent(id)}`),
              { with_deleted: 'true' },
              { prefix: '' },
            )
          ).data,
      );
    },

    updateCampaign(tokens: XUserTokens, accountId: string, id: string, changes: Partial<XCampaignInput>) {
      return call(
        'update campaign',
        async () =>
          (
            await client(tokens).put<One<{ id: string }>>(
              path(accountId, `campaigns/${encodeURIComponent(id)}`),
              form(changes),
              { prefix: '' },
            )
          ).data,
      );
    },

    deleteCampaign: (tokens: XUserTokens, accountId: string, id: string) =>
      remove('delete campaign', tokens, path(accountId, `campaigns/${encodeURIComponent(id)}`)),

    createLineItem(tokens: XUserTokens, accountId: string, input: XLineItemInput) {
      return call(
        'create line item',
        async () =>
          (
            await client(tokens).post<One<{ id: string }>>(path(accountId, 'line_items'), form(input), {
              prefix: '',
            })
          ).data,
      );
    },

    updateLineItem(tokens: XUserTokens, accountId: string, id: string, changes: { entity_status: string }) {
      return call('update line item', async () => {
        await client(tokens).put(path(accountId, `line_items/${encodeURIComponent(id)}`), form(changes), {
          prefix: '',
        });
      });
    },

    createTargeting(
      tokens: XUserTokens,
      accountId: string,
      lineItemId: string,
      criterion: { targeting_type: string; targeting_value: string; operator_type?: string },
    ) {
      return call(
        'create targeting criterion',
        async () =>
          (
            await client(tokens).post<One<{ id: string; name: string; targeting_value: string }>>(
              path(accountId, 'targeting_criteria'),
              form({ line_item_id: lineItemId, ...criterion }),
              { prefix: '' },
            )
          ).data,
      );
    },

    /** A catalogue search (`targeting_criteria/<kind>?q=`) for a label's targeting value. */
    searchCatalogue(tokens: XUserTokens, kind: string, q: string, extra: Record<string, string> = {}) {
      return call(
        'targeting catalogue',
        async () =>
          (
            await client(tokens).get<Many<{ name: string; targeting_value: string }>>(
              `${ADS_API}targeting_criteria/${kind}`,
              { q, count: '50', ...extra },
              { prefix: '' },
            )
          ).data,
      );
    },

    addMedia(
      tokens: XUserTokens,
      accountId: string,
      input: { media_url: string; name: string; file_name: string },
    ) {
      return call(
        'media library',
        async () =>
          (
            await client(tokens).post<One<{ media_key: string }>>(
              path(accountId, 'media_library'),
              form({ ...input, media_category: 'TWEET_IMAGE' }),
              { prefix: '' },
            )
          ).data,
      );
    },

    /**
     * The account's media library items whose name, title or file name contain `q` (X's `q`
     * filter): how a publish finds an image an earlier campaign already put there.
     */
    findMedia: (tokens: XUserTokens, accountId: string, q: string) =>
      call('media library', () =>
        dataOf<XLibraryItem[]>(client(tokens), path(accountId, 'media_library'), { q, count: '50' }),
      ),

    /** Takes an image the failed publish put in the account's media library out again. */
    deleteMedia: (tokens: XUserTokens, accountId: string, mediaKey: string) =>
      remove('media library', tokens, path(accountId, `media_library/${encodeURIComponent(mediaKey)}`)),

    createPost(tokens: XUserTokens, accountId: string, input: { text: string; media_keys?: string[] }) {
      return call(
        'create post',
        async () =>
          (
            await client(tokens).post<One<{ id: string }>>(
              path(accountId, 'tweet'),
              form({ text: input.text, nullcast: true, media_keys: input.media_keys?.join(',') }),
              { prefix: '' },
            )
          ).data,
      );
    },

    /**
     * Deletes a post the user made (X API v2 `DELETE /2/tweets/:id`): how a failed publish takes
     * its promoted-only posts off X, so that a retry does not leave two identical posts.
     */
    deletePost: (tokens: XUserTokens, tweetId: string) =>
      call('delete post', async () => {
        const answer = await client(tokens).v2.deleteTweet(tweetId);
        // X answers 200 with only `errors` for a post that is not there (already deleted): gone either way.
        if (answer.data?.deleted === false) throw new Error(`X did not delete the post ${tweetId}.`);
      }),

    promote(tokens: XUserTokens, accountId: string, lineItemId: string, tweetId: string) {
      return call('promote post', async () => {
        const answer = await client(tokens).post<Many<{ id: string }>>(
          path(accountId, 'promoted_tweets'),
          form({ line_item_id: lineItemId, tweet_ids: tweetId }),
          { prefix: '' },
        );
        return answer.data[0]!;
      });
    },

    updatePromoted(tokens: XUserTokens, accountId: string, id: string, changes: { entity_status: string }) {
      return call('update promoted post', async () => {
        await client(tokens).put(
          path(accountId, `promoted_tweets/${encodeURIComponent(id)}`),
          form(changes),
          {
            prefix: '',
          },
        );
      });
    },

    deletePromoted: (tokens: XUserTokens, accountId: string, id: string) =>
      remove('delete promoted post', tokens, path(accountId, `promoted_tweets/${encodeURIComponent(id)}`)),

    /**
     * Reach and average frequency of up to 20 campaigns over a window in whole hours
     * (`GET stats/accounts/:account_id/reach/campaigns`): distinct accounts reached, not additive.
     */
    reach(tokens: XUserTokens, accountId: string, query: { ids: string[]; start: string; end: string }) {
      return call(
        'reach',
        async () =>
          (
            await client(tokens).get<{ data: XCampaignReach[] }>(
              `${ADS_API}stats/accounts/${encodeURIComponent(accountId)}/reach/campaigns`,
              { campaign_ids: query.ids.join(','), start_time: query.start, end_time: query.end },
              { prefix: '' },
            )
          ).data,
      );
    },

    /** Synchronous stats, DAY granularity, ENGAGEMENT and BILLING groups, at most 20 entities and 7 days. */
    stats(
      tokens: XUserTokens,
      accountId: string,
      query: { entity: 'PROMOTED_TWEET' | 'LINE_ITEM'; ids: string[]; start: string; end: string },
    ) {
      return call('stats', async () =>
        (
          await client(tokens).get<{
            data: { id: string; id_data: { metrics: XStatsSeries['metrics'] }[] }[];
          }>(
            `${ADS_API}stats/accounts/${encodeURIComponent(accountId)}`,
            {
              entity: query.entity,
              entity_ids: query.ids.join(','),
              start_time: query.start,
              end_time: query.end,
              granularity: 'DAY',
              metric_groups: 'ENGAGEMENT,BILLING',
              placement: 'ALL_ON_TWITTER',
            },
            { prefix: '' },
          )
        ).data.map((d): XStatsSeries => ({ id: d.id, metrics: d.id_data[0]?.metrics ?? {} })),
      );
    },
  };
}
