import type { Network } from '../network';
import { AccountLookup } from './account-lookup';
import { AudienceCounter } from './audience/estimate';
import type { ResolveContext } from './audience/resolve';
import { activeMembers } from './custom-audiences';
import { IdentifierIndex } from './identifiers';
import { seedAdAccounts } from './seed-accounts';
import { AdsStore } from './store';

/** X takes hours to match an upload; the sandbox's default keeps demos moving. */
export const DEFAULT_PROCESSING_SECONDS = 30 * 60;

export interface AdsPlatformOptions {
  network: Network;
  /** Sandbox time in Unix seconds; defaults to `sandboxClock(network)`. */
  clock?: () => number;
  /** How long a custom audience stays PROCESSING after each upload. */
  audienceProcessingSeconds?: number;
}

/** Everything the Ads API routes work with: the network, the store and the derived indexes. */
export interface AdsPlatform {
  network: Network;
  store: AdsStore;
  lookup: AccountLookup;
  identifiers: IdentifierIndex;
  counter: AudienceCounter;
  processingSeconds: number;
  now: () => number;
  resolveContext: (accountId: string) => ResolveContext;
}

/**
 * The network's simulated clock, kept moving by the wall clock between simulation steps: delivery
 * and audience processing need time to pass even when nobody calls `advance()`, and once the
 * simulation runs ahead of the wall clock its time wins.
 */
export function sandboxClock(network: Network): () => number {
  const base = network.clock.now;
  const started = Date.now();
  return () => Math.max(network.clock.now, base + Math.floor((Date.now() - started) / 1000));
}

export function createAdsPlatform(options: AdsPlatformOptions): AdsPlatform {
  const { network } = options;
  const store = new AdsStore(network.config.seed);
  seedAdAccounts(store, network);
  const lookup = new AccountLookup(network);
  const now = options.clock ?? sandboxClock(network);
  const members = (id: string): number[] => {
    const audience = store.customAudiences.find(id);
    return audience && !audience.deleted ? activeMembers(audience, now()) : [];
  };
  return {
    network,
    store,
    lookup,
    identifiers: new IdentifierIndex(network),
    counter: new AudienceCounter({ network, lookup, members }),
    processingSeconds: options.audienceProcessingSeconds ?? DEFAULT_PROCESSING_SECONDS,
    now,
    resolveContext: (accountId) => ({
      network,
      lookup,
      customAudience: (id) => store.customAudiences.get(accountId, id),
    }),
  };
}
