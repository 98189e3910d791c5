import type { JobTitlesPanel } from '@murmur/core/insights';
import type { InsightContext } from './context';
import { memberTally } from './field-shares';

/** Job titles grouped by category, over every member. */
export function jobTitles(ctx: InsightContext): JobTitlesPanel {
  const { index } = ctx;
  const { basis, top, counts } = memberTally(ctx);
  const job = index.columns.job;
  const category = index.columns.jobCategory;
  // Every member with a title holds exactly one job term.
  let withTitle = 0;
  let untold = 0;
  for (const t of index.terms.termsOf('job')) {
    withTitle += counts[t]!;
    if (counts[t]! > 0) untold++;
  }
  // Which category each title belongs to, as the first member holding it with a
  // category (in account order) says;
  // the walk stops once every title the audience holds has one, after a few thousand members at most
  // in a large audience instead of all of them.
  const categoryOf = ctx.scratch.i32(index.terms.size, false).fill(-1);
  const { members } = ctx;
  for (let i = 0; i < members.length && untold > 0; i++) {
    const m = members[i]!;
    if (job[m] === 0 || category[m] === 0 || categoryOf[job[m]! - 1] !== -1) continue;
    categoryOf[job[m]! - 1] = category[m]! - 1;
    untold--;
  }
  const titles = top('job', Number.MAX_SAFE_INTEGER);
  return {
    basis,
    withTitle,
    categories: top('jobCategory', Number.MAX_SAFE_INTEGER).map((c) => ({
      ...c,
      titles: titles.filter((t) => {
        const term = index.terms.find('job', t.key);
        const cat = term === undefined ? -1 : categoryOf[term]!;
        return cat >= 0 && index.terms.value(cat) === c.key;
      }),
    })),
  };
}
