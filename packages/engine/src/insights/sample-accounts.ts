import type { SampleAccount } from '@murmur/core/insights';
import { termLabel } from './labels';
import { accountBio, accountSummary } from './account-summary';
import type { InsightContext } from './context';
import { mix32 } from '@murmur/core/hash';

/** A few members picked at random (a fixed pseudo-random walk, so the panel is stable). */
export function sampleAccounts(ctx: InsightContext, limit = 12): SampleAccount[] {
  const { index, members } = ctx;
  const picked = new Set<number>();
  for (let i = 0; picked.size < Math.min(limit, members.length); i++) {
    picked.add(members[mix32(i, ctx.options.seed ^ members.length) % members.length]!);
  }
  const label = (column: Uint32Array, n: number) => (column[n] ? termLabel(index, column[n] - 1) : '');
  return [...picked].map((n) => ({
    ...accountSummary(index, n),
    bio: accountBio(index, n),
    country: label(index.columns.country, n),
    language: label(index.columns.language, n),
  }));
}
