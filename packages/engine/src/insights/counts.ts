import { CATEGORICAL_FIELDS } from '../index/fields';
import type { Csr } from '../index/csr';
import type { InsightContext } from './context';

function countRows(csr: Csr, members: Uint32Array, terms: number): Uint32Array {
  const counts = new Uint32Array(terms);
  const { offsets, data } = csr;
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    for (let k = offsets[m]!; k < offsets[m + 1]!; k++) counts[data[k]!]!++;
  }
  return counts;
}

/** Fields some panel shows (metro and kind are indexed for targeting only). */
const SHOWN = CATEGORICAL_FIELDS.filter((f) => f !== 'metro' && f !== 'kind');

/** Members per term of every shown single-valued field, over all members (typed columns are cheap). */
export const categoricalCounts = (ctx: InsightContext): Uint32Array =>
  ctx.memo('categorical', () => {
    const counts = new Uint32Array(ctx.index.terms.size + 1);
    const members = ctx.members;
    for (const field of SHOWN) {
      const column = ctx.index.columns[field];
      for (let i = 0; i < members.length; i++) counts[column[members[i]!]!]!++;
    }
    // Column values are term id + 1; shift so counts[t] is term t's.
    return counts.subarray(1);
  });

/** Analysed members per profile term (interests, topics, movies/TV, bio words). */
export const profileCounts = (ctx: InsightContext): Uint32Array =>
  ctx.memo('profile', () => countRows(ctx.index.profileTerms, ctx.analysed, ctx.index.terms.size));

/** Analysed members per post term (words and hashtags of their posts). */
export const postCounts = (ctx: InsightContext): Uint32Array =>
  ctx.memo('posts', () => countRows(ctx.index.postTerms, ctx.analysed, ctx.index.terms.size));

/** For every account, how many members of the graph sample follow it. */
export const followCounts = (ctx: InsightContext): Uint32Array =>
  ctx.memo('follows', () => countRows(ctx.index.following, ctx.graphSample, ctx.index.size));
