// Evaluated audiences kept for overlaps: an overlap of saved audiences is asked again and again
// (another audience added, the plan re-run), and evaluating 50 packages over a million accounts costs
// as much as counting their combinations. A set is kept under its package's canonical form (keys
// sorted) and the engine's version (a live engine's answers change with every batch applied), in a
// byte-bounded memo. Packages naming custom audiences are not kept: a list re-registered under the
// same name would change the answer without changing the key.
import type { TargetingPackage } from '@murmur/core/targeting';
import type { AccountSet } from '../bits/account-set';
import type { AudienceQuery } from '../async/async-engine';
import type { AudienceEngine } from '../engine';
import { IndexMemo } from '../evaluate/memo';

/** JSON with object keys sorted: one string per package whatever order its fields were written in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const namesCustom = (pkg: TargetingPackage) => (pkg.custom_audiences?.length ?? 0) > 0;

export class EvaluatedSets {
  private memo: IndexMemo<AccountSet>;
  private version: number | undefined;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxBytes = 256 << 20,
    private readonly maxEntries = 2000,
  ) {
    this.memo = new IndexMemo(maxBytes, maxEntries);
  }

  /** The audience's members, evaluated now or kept from an earlier question at the same version. */
  get(engine: AudienceEngine, query: AudienceQuery): AccountSet {
    const exclusions = query.exclusions ?? [];
    const evaluate = () => engine.evaluate(query.pkg, { exclusions }).accounts;
    if (namesCustom(query.pkg) || exclusions.some(namesCustom)) return evaluate();
    if (engine.version !== this.version) {
      this.memo = new IndexMemo(this.maxBytes, this.maxEntries);
      this.version = engine.version;
    }
    const key = canonicalJson([query.pkg, exclusions]);
    const kept = this.memo.get(key);
    if (kept) {
      this.hits++;
      return kept;
    }
    this.misses++;
    const set = evaluate();
    return this.memo.set(key, set, set.bits.byteLength + 64);
  }
}

/** The overlap counts of audiences given as packages, evaluated through `sets` when given. */
export function overlapOfQueries(
  engine: AudienceEngine,
  queries: readonly AudienceQuery[],
  sets?: EvaluatedSets,
) {
  return engine.overlapMany(
    queries.map((q) =>
      sets ? sets.get(engine, q) : engine.evaluate(q.pkg, { exclusions: q.exclusions ?? [] }).accounts,
    ),
  );
}
