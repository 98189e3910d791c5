import type { AgeGroupsPanel, Share } from '@murmur/core/insights';
import { AGE_BANDS, AGES } from '@murmur/core/targeting';
import { bandWithin } from '../evaluate/age';
import type { InsightContext } from './context';
import { categoricalCounts } from './counts';
import { shareOf } from './share';

/**
 * Age-group computation (SPEC §7): the audience in SPEC §3's age vocabulary, each group the sum of
 * the export's bands that lie inside it (see bandWithin).
 */
export function ageGroups(ctx: InsightContext): AgeGroupsPanel {
  const { index } = ctx;
  const counts = categoricalCounts(ctx);
  const reference = ctx.baseline.members();
  const raw = index.terms.termsOf('ageBand');
  const group = (value: (typeof AGE_BANDS)[number] | (typeof AGES)[number]): Share => {
    let count = 0;
    let population = 0;
    for (const t of raw) {
      if (!bandWithin(index.terms.value(t), value)) continue;
      count += counts[t]!;
      population += reference.count(t);
    }
    return shareOf(value, value, count, ctx.members.length, population, reference.base);
  };
  const known = raw.reduce((s, t) => s + counts[t]!, 0);
  return {
    basis: ctx.allMembers,
    bands: AGE_BANDS.map(group),
    over: AGES.filter((a) => a !== 'AGE_ANY').map(group),
    unknown: ctx.members.length - known,
  };
}
