import { compileAudience, type CompileContext } from './compile';
import { countAudience, markAudience } from './count';
import type { Criterion } from './targeting-types';

export interface AudienceRange {
  min: number;
  max: number;
}

/** Rounds to two significant digits, down or up. */
function roundSignificant(value: number, up: boolean): number {
  if (value <= 0) return 0;
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return (up ? Math.ceil(value / unit) : Math.floor(value / unit)) * unit;
}

/**
 * X shows audience sizes as a range around its estimate, rounded to two significant digits
 * ("2.3M – 2.8M"). Both ends grow with the count, so narrowing targeting never widens the range.
 */
export function audienceRange(size: number): AudienceRange {
  return { min: roundSignificant(size * 0.85, false), max: roundSignificant(size * 1.15, true) };
}

const MAX_CACHED = 500;

/**
 * Counts sandbox accounts for a set of criteria, with a cache keyed by the criteria and a version
 * that the ads store bumps on every change (custom audience uploads change who matches). The
 * delivery simulation asks for the same few line items' audiences hour after hour.
 */
export class AudienceCounter {
  private readonly cache = new Map<string, number>();
  private version = -1;

  constructor(private readonly ctx: CompileContext) {}

  count(criteria: readonly Criterion[], version: number): number {
    if (version !== this.version) {
      this.cache.clear();
      this.version = version;
    }
    const key = criteria
      .map((c) => `${c.operator}:${c.type}:${c.value}`)
      .sort()
      .join('|');
    let count = this.cache.get(key);
    if (count === undefined) {
      count = countAudience(this.ctx.network, compileAudience(this.ctx, criteria));
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      this.cache.set(key, count);
    }
    return count;
  }

  /** Marks the sandbox accounts matching the criteria with `bit` in `marks` (one per account). */
  mark(criteria: readonly Criterion[], marks: Uint32Array, bit: number): number {
    return markAudience(this.ctx.network, compileAudience(this.ctx, criteria), marks, bit);
  }

  /** People each sandbox account stands for (ARCHITECTURE §2). */
  get scale(): number {
    return this.ctx.network.config.scale;
  }

  /** Real-population size: each sandbox account stands for `scale` people (ARCHITECTURE §2). */
  size(criteria: readonly Criterion[], version: number): number {
    return this.count(criteria, version) * this.ctx.network.config.scale;
  }
}
