import type { AccountSummary, AudienceComparison, AudienceInsights } from '@murmur/core/insights';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { AccountSet } from './bits/account-set';
import { buildIndex, type ExportSource } from './build/build-index';
import type { BuildOptions } from './build/record-sink';
import { registerCustomAudience } from './evaluate/custom-audiences';
import { evaluate, type Audience, type EvaluateOptions } from './evaluate/evaluate';
import type { AudienceIndex, IndexStats } from './index/audience-index';
import { accountSummary } from './insights/account-summary';
import { compareAudiences } from './insights/compare';
import type { InsightsOptions } from './insights/context';
import { computeInsights } from './insights/insights';
import { exploreLookups, type ExploreLookups } from './explore/explore';
import { lookup, type LookupField, type LookupResult } from './lookup/autocomplete';
import { coreAudienceCount } from './lookup/core-audience';

/** An audience's size without its members: what the estimate shown while typing needs. */
export type AudienceEstimate = Omit<Audience, 'accounts'>;

/**
 * The audience engine's narrow interface (ARCHITECTURE §7): built from a snapshot, it evaluates
 * packages and computes insights. The server depends on this, not on the in-memory index, so a
 * distributed implementation can replace it.
 */
export interface AudienceEngine {
  readonly stats: IndexStats;
  /** Real accounts per indexed account. */
  readonly scale: number;
  estimate(pkg: TargetingPackage, options?: EvaluateOptions): AudienceEstimate;
  evaluate(pkg: TargetingPackage, options?: EvaluateOptions): Audience;
  insights(audience: Audience | AccountSet, options?: InsightsOptions): AudienceInsights;
  compare(a: Audience | AccountSet, b: Audience | AccountSet, options?: InsightsOptions): AudienceComparison;
  registerCustomAudience(name: string, members: ArrayLike<number> | AccountSet): AccountSet;
  /** Account number of a handle (with or without '@', any case). */
  findAccount(handle: string): number | undefined;
  describeAccounts(accounts: ArrayLike<number>): AccountSummary[];
  /** Suggestions for a package field by prefix (handles, terms, catalogue labels); see lookup/. */
  lookup(field: LookupField, q: string, limit?: number): LookupResult[];
  /** Members of `audience` (evaluated from `pkg`) matching ≥ 2 primary items; a sample count. */
  coreAudience(pkg: TargetingPackage, audience: Audience): number;
  /** Read-only lookups for the catalogue and explore tools (src/explore). */
  readonly explore: ExploreLookups;
}

/** The in-memory engine over an index built from the bulk export. */
export function inMemoryEngine(index: AudienceIndex): AudienceEngine {
  return {
    stats: index.stats,
    scale: index.scale,
    estimate: (pkg, options) => {
      const { accounts: _accounts, ...estimate } = evaluate(index, pkg, options);
      return estimate;
    },
    evaluate: (pkg, options) => evaluate(index, pkg, options),
    insights: (audience, options) => computeInsights(index, audience, options),
    compare: (a, b, options) => compareAudiences(index, a, b, options),
    registerCustomAudience: (name, members) => registerCustomAudience(index, name, members),
    findAccount: (handle) => index.handles.find(handle),
    describeAccounts: (accounts) => Array.from(accounts, (n) => accountSummary(index, n)),
    lookup: (field, q, limit) => lookup(index, field, q, limit),
    coreAudience: (pkg, audience) => coreAudienceCount(index, pkg, audience),
    explore: exploreLookups(index),
  };
}

/** Streams the export into an index and wraps it as an engine. */
export async function createInMemoryEngine(
  source: ExportSource,
  options?: BuildOptions,
): Promise<AudienceEngine> {
  return inMemoryEngine(await buildIndex(source, options));
}
