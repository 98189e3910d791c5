import type { AccountSummary, AudienceComparison, AudienceInsights } from '@murmur/core/insights';
import type { TargetingPackage } from '@murmur/core/targeting';
import { AccountSet } from './bits/account-set';
import { countAnd } from './bits/bitset';
import { buildIndex, type ExportSource } from './ingest/build-index';
import type { BuildOptions } from './ingest/record-sink';
import { registerCustomAudience, removeCustomAudience } from './evaluate/custom-audiences';
import { countAudience, evaluate, type Audience, type EvaluateOptions } from './evaluate/evaluate';
import type { AudienceIndex, IndexStats } from './postings/audience-index';
import { accountSummary } from './insights/account-summary';
import { compareAudiences } from './insights/compare';
import type { InsightsOptions } from './insights/context';
import { computeInsights } from './insights/insights';
import { exploreLookups, type ExploreLookups } from './explore/explore';
import { lookup, type LookupField, type LookupResult } from './lookup/autocomplete';
import { coreAudienceCount } from './lookup/core-audience';
import {
  accountSetFromShared,
  indexFromShared,
  shareAccountSet,
  shareIndex,
  toSharedAccountSet,
  type SharedAccountSet,
  type SharedIndex,
} from './share/share-index';
import { tokens } from './text/tokenise';
import { overlapMany, type OverlapCounts } from './overlap/overlap-many';
import { lookalike, type Lookalike, type LookalikeOptions } from './lookalike/lookalike';
import { fieldCounts, type FieldCounts } from './async/field-counts';
import type { CategoricalField } from './postings/fields';
import type { LiveEvent } from '@murmur/core/live';
import type { LiveStats, StreamPosition } from './live/live-index';
import { IdTable } from './util/id-table';

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
  /** Every panel; shares and affinities against `baseline` when given, else the whole network. */
  insights(
    audience: Audience | AccountSet,
    options?: InsightsOptions,
    baseline?: AccountSet,
  ): AudienceInsights;
  compare(a: Audience | AccountSet, b: Audience | AccountSet, options?: InsightsOptions): AudienceComparison;
  registerCustomAudience(name: string, members: ArrayLike<number> | AccountSet): AccountSet;
  /** Forgets the custom audience registered under `name`; whether there was one. */
  removeCustomAudience(name: string): boolean;
  /** The names custom audiences are registered under. */
  customAudienceNames(): string[];
  /** Account number of a handle (with or without '@', any case). */
  findAccount(handle: string): number | undefined;
  /**
   * Account number of an X account id; undefined when the index has no such account (never had
   * it, or it left the network: deleted or suspended). Optional for other implementations.
   */
  findAccountById?(id: string): number | undefined;
  describeAccounts(accounts: ArrayLike<number>): AccountSummary[];
  /** Suggestions for a package field by prefix (handles, terms, catalogue labels); see lookup/. */
  lookup(field: LookupField, q: string, limit?: number): LookupResult[];
  /** Members of `audience` (evaluated from `pkg`) matching ≥ 2 primary items; a sample count. */
  coreAudience(pkg: TargetingPackage, audience: Audience): number;
  /** Members two audiences of this engine share (a sample count; × scale for real accounts). */
  overlap(a: Audience | AccountSet, b: Audience | AccountSet): number;
  /** Overlap of 2–50 audiences: pairs, unique members, union, combinations (overlap/overlap-many.ts). */
  overlapMany(sets: readonly (Audience | AccountSet)[]): OverlapCounts;
  /** The words the engine indexes and matches in `text` (its tokeniser: lower-cased, CJK bigrams, …). */
  words(text: string): string[];
  /**
   * Accounts outside `seed` (a set, or account numbers) ranked by resemblance to it, with held-out
   * recall per size and reasons (src/lookalike/). Optional for other implementations (the shards do not offer it).
   */
  lookalike?(seed: AccountSet | ArrayLike<number>, options?: LookalikeOptions): Lookalike;
  /** Read-only lookups for the catalogue and explore tools (src/explore). */
  readonly explore: ExploreLookups;
  /** Member and population counts of single-valued fields (async/field-counts.ts: what shards merge). */
  fieldCounts(audience: Audience | AccountSet, fields?: readonly CategoricalField[]): FieldCounts;
  /** Live engines only (src/live/, README "Live updates"): applies a batch, returns the new version. */
  apply?(events: readonly LiveEvent[], position?: StreamPosition): number;
  /** Live engines only: the stream position applied, per partition. */
  position?(): StreamPosition;
  /** Live engines only: the version queries read now. */
  readonly version?: number;
  /** Live engines only: events applied, delta size, last event time (freshness). */
  liveStats?(): LiveStats;
}

const setOf = (audience: Audience | AccountSet): AccountSet =>
  audience instanceof AccountSet ? audience : audience.accounts;

/** The in-memory engine over an index built from the bulk export. */
export function inMemoryEngine(index: AudienceIndex): AudienceEngine {
  return {
    stats: index.stats,
    scale: index.scale,
    estimate: (pkg, options) => countAudience(index, pkg, options),
    evaluate: (pkg, options) => evaluate(index, pkg, options),
    insights: (audience, options, baseline) => computeInsights(index, audience, options, baseline),
    compare: (a, b, options) => compareAudiences(index, a, b, options),
    registerCustomAudience: (name, members) => registerCustomAudience(index, name, members),
    removeCustomAudience: (name) => removeCustomAudience(index, name),
    customAudienceNames: () => [...index.customAudiences.keys()],
    findAccount: (handle) => index.handles.find(handle),
    findAccountById: accountsById(index),
    describeAccounts: (accounts) => Array.from(accounts, (n) => accountSummary(index, n)),
    lookup: (field, q, limit) => lookup(index, field, q, limit),
    coreAudience: (pkg, audience) => coreAudienceCount(index, pkg, audience),
    overlap: (a, b) => countAnd(setOf(a).bits, setOf(b).bits),
    overlapMany: (sets) => overlapMany(sets.map(setOf)),
    words: (text) => tokens(text),
    explore: exploreLookups(index),
    fieldCounts: (audience, fields) => fieldCounts(index, setOf(audience), fields),
    lookalike: (seed, options) =>
      lookalike(index, seed instanceof AccountSet ? seed : AccountSet.fromNumbers(index.size, seed), options),
  };
}

/** X id → account number over a static index, the map built on first use. */
function accountsById(index: AudienceIndex): (id: string) => number | undefined {
  // Off V8's heap (util/id-table.ts): a Map of every X id would be a million strings to mark.
  let byId: IdTable | undefined;
  return (id) => {
    if (!byId) {
      const { slot, ids } = index.accounts;
      byId = new IdTable(slot.length);
      for (let n = 0; n < slot.length; n++) {
        const s = slot[n] ?? 0;
        if (s) byId.setFrom(ids, s - 1, n);
      }
    }
    return byId.get(id);
  };
}

/** Streams the export into an index and wraps it as an engine. */
export async function createInMemoryEngine(
  source: ExportSource,
  options?: BuildOptions,
): Promise<AudienceEngine> {
  return inMemoryEngine(await buildIndex(source, options));
}

/** Custom audiences as worker threads receive them: shared bitsets, and a version per registration. */
export interface SharedCustomAudiences {
  readonly version: number;
  readonly sets: readonly { name: string; set: SharedAccountSet }[];
}

/**
 * An in-memory engine whose index lives in SharedArrayBuffers, and what worker threads need to
 * read the same memory: `index` (structured-cloneable; postMessage shares rather than copies it) and
 * the custom audiences registered on `engine` so far.
 */
export interface SharedEngine {
  readonly engine: AudienceEngine;
  readonly index: SharedIndex;
  customAudiences(): SharedCustomAudiences;
}

/** Moves a built index into shared memory (see shareIndex); drop `index` afterwards. */
export function shareEngine(built: AudienceIndex): SharedEngine {
  const { shared, index } = shareIndex(built);
  return engineOverShared(shared, index);
}

/** The engine over an index already in shared memory (a loaded snapshot, snapshot/snapshot-file.ts). */
export function sharedEngineFrom(shared: SharedIndex): SharedEngine {
  return engineOverShared(shared, indexFromShared(shared));
}

function engineOverShared(shared: SharedIndex, index: AudienceIndex): SharedEngine {
  const engine = inMemoryEngine(index);
  let snapshot: SharedCustomAudiences | undefined;
  let version = 0;
  return {
    engine: {
      ...engine,
      registerCustomAudience(name, members) {
        const set = members instanceof AccountSet ? members : AccountSet.fromNumbers(index.size, members);
        const registered = engine.registerCustomAudience(name, shareAccountSet(set));
        version++;
        snapshot = undefined;
        return registered;
      },
      removeCustomAudience(name) {
        const removed = engine.removeCustomAudience(name);
        version++;
        snapshot = undefined;
        return removed;
      },
    },
    index: shared,
    customAudiences() {
      snapshot ??= {
        version,
        sets: [...index.customAudiences].map(([name, set]) => ({ name, set: toSharedAccountSet(set) })),
      };
      return snapshot;
    },
  };
}

/** Streams the export into an index in shared memory (createInMemoryEngine + shareEngine). */
export async function createSharedEngine(
  source: ExportSource,
  options?: BuildOptions,
): Promise<SharedEngine> {
  return shareEngine(await buildIndex(source, options));
}

/** An engine in a worker thread over a `SharedEngine`'s index. */
export interface WorkerEngine {
  readonly engine: AudienceEngine;
  /** Makes the custom audiences match the main thread's (a no-op when the version is current). */
  useCustomAudiences(audiences: SharedCustomAudiences): void;
}

export function engineFromShared(shared: SharedIndex): WorkerEngine {
  const index = indexFromShared(shared);
  let version = 0;
  return {
    engine: inMemoryEngine(index),
    useCustomAudiences(audiences) {
      if (audiences.version === version) return;
      index.customAudiences.clear();
      for (const s of audiences.sets) index.customAudiences.set(s.name, accountSetFromShared(s.set));
      version = audiences.version;
    },
  };
}
