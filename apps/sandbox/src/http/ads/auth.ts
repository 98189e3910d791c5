import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdAccount } from '../../ads/types';
import type { Network } from '../../network';
import { hex64 } from '../../random/hash';
import type { AdsContext } from './context';
import { AdsApiError, forbidden, notFound } from './errors';
import { paramsOf } from './params';

/** Who is calling: the X user id the credentials belong to. */
export interface AdsUser {
  userId: string;
}

/**
 * Decides who a request acts for. X's Ads API uses OAuth 1.0a user context; the sandbox's OAuth
 * module supplies a function that checks those signatures. Undefined means not authenticated.
 */
export type Authenticate = (request: FastifyRequest) => AdsUser | undefined | Promise<AdsUser | undefined>;

/**
 * A bearer token standing for one sandbox user, for tests and scripts that skip OAuth. It carries a
 * seed-derived check so a token from one sandbox does not open another.
 */
export function sandboxAdsToken(network: Network, userId: string): string {
  return `sandbox-ads-${userId}-${hex64(`${network.config.seed}:ads-token:${userId}`)}`;
}

/** The default `authenticate`: `Authorization: Bearer <sandboxAdsToken(network, userId)>`. */
export function bearerAuthenticate(network: Network): Authenticate {
  return (request) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const userId = /^sandbox-ads-(\d+)-[0-9a-f]{16}$/.exec(token)?.[1];
    return userId && sandboxAdsToken(network, userId) === token ? { userId } : undefined;
  };
}

const users = new WeakMap<FastifyRequest, number>();

/**
 * Every Ads API route needs a user; they are resolved to sandbox account numbers once per request.
 * The check runs once the body is parsed (preValidation, not onRequest): an OAuth 1.0a signature
 * covers the parameters of a form body (RFC 5849 §3.4.1.3), so they must be known to verify it.
 */
export function installAuth(app: FastifyInstance, ctx: AdsContext): void {
  app.addHook('preValidation', async (request) => {
    const user = await ctx.authenticate(request);
    const owner = user ? ctx.platform.lookup.byXId(user.userId) : undefined;
    if (owner === undefined)
      throw new AdsApiError('UNAUTHORIZED_ACCESS', 'This request is not properly authenticated');
    users.set(request, owner);
  });
}

export function userOf(request: FastifyRequest): number {
  const owner = users.get(request);
  if (owner === undefined)
    throw new AdsApiError('UNAUTHORIZED_ACCESS', 'This request is not properly authenticated');
  return owner;
}

/** The `:account_id` ad account, if the caller owns it: unknown ids are 404, others' accounts 403. */
export function ownedAccount(ctx: AdsContext, request: FastifyRequest): AdAccount {
  const raw = paramsOf(request).account_id;
  const id = typeof raw === 'string' ? raw : '';
  const account = ctx.platform.store.accounts.get(id);
  if (!account || account.deleted) throw notFound('ad account');
  if (account.owner !== userOf(request)) throw forbidden();
  return account;
}
