import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { createAdsPlatform, type AdsPlatform } from '../../ads/platform';
import { generateNetwork } from '../../generate/network';
import { AccountKind } from '../../model/accounts';
import type { Network } from '../../network';
import { sandboxAdsToken } from './auth';
import { adsApiPlugin } from './index';

/**
 * A wire object as tests read it: the string fields the assertions compute with are typed (each
 * where the entity has it), the rest are only handed to expect.
 */
export interface WireObject {
  id: string;
  name: string;
  created_at: string;
  tweet_id: string;
  media_key: string;
  country_code: string;
  location_type: string;
  conversation_type: string;
  locale: string;
  targeting_type: string;
  targeting_value: string;
  [field: string]: unknown;
}

export interface AdsError {
  code: string;
  message: string;
  parameter?: string;
}

/** X Ads API bodies, loosely: `data` is an object or a list depending on the endpoint. */
export interface AdsBody {
  request: { params: Record<string, unknown> };
  data: WireObject & WireObject[];
  next_cursor: string | null;
  total_count: number;
  errors: AdsError[];
}

export interface AdsReply {
  statusCode: number;
  body: string;
  json: <T = AdsBody>() => T;
}

/** A small network, an Ads API app on it under /ads/12 and a clock tests move by hand. */
export interface AdsTestKit {
  network: Network;
  platform: AdsPlatform;
  app: FastifyInstance;
  clock: { now: number };
  /** The bearer token of a sandbox account number. */
  tokenOf: (account: number) => string;
  /** A request as `account`, relative to /ads/12. */
  call: (account: number, options: InjectOptions & { url: string }) => Promise<AdsReply>;
  /** Sandbox account numbers of users with seeded ad accounts (brands and creators). */
  advertisers: number[];
}

export async function adsTestKit(
  options: { accounts?: number; seed?: string; processingSeconds?: number } = {},
): Promise<AdsTestKit> {
  const network = generateNetwork({
    accounts: options.accounts ?? 3000,
    seed: options.seed ?? 'ads',
    historyDays: 1,
  });
  const clock = { now: network.config.now };
  const platform = createAdsPlatform({
    network,
    clock: () => clock.now,
    audienceProcessingSeconds: options.processingSeconds ?? 3600,
  });
  const app = Fastify();
  await app.register(adsApiPlugin({ network, platform }), { prefix: '/ads/12' });
  const tokenOf = (account: number): string =>
    sandboxAdsToken(network, network.accounts.ids[account]!.toString());
  const advertisers: number[] = [];
  for (let i = 0; i < network.accounts.count; i++)
    if (network.accounts.kind[i] === AccountKind.brand || network.accounts.kind[i] === AccountKind.creator)
      advertisers.push(i);
  return {
    network,
    platform,
    app,
    clock,
    tokenOf,
    advertisers,
    call: (account, { url, headers, ...rest }) =>
      app.inject({
        ...rest,
        url: `/ads/12${url}`,
        headers: { ...headers, authorization: `Bearer ${tokenOf(account)}` },
      }),
  };
}
