import type { JobTitlesPanel } from '@murmur/core/insights';
import type { InsightContext } from './context';
import { memberTally } from './field-shares';

/** Job titles grouped by category, over every member. */
export function jobTitles(ctx: InsightContext): JobTitlesPanel {
  const { index } = ctx;
  const { basis, top } = memberTally(ctx);
  const job = index.columns.job;
  const category = index.columns.jobCategory;
  // Which category each title belongs to, as the members' own records say.
  const categoryOf = new Int32Array(index.terms.size).fill(-1);
  let withTitle = 0;
  for (const m of ctx.members) {
    if (job[m] === 0) continue;
    withTitle++;
    if (categoryOf[job[m]! - 1] === -1) categoryOf[job[m]! - 1] = category[m]! - 1;
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
