import {
  DIGEST_FIELDS,
  DIGEST_SECTIONS,
  DIGEST_VALUES,
  type AudienceChanges,
  type AudienceDigest,
  type ChangeField,
  type ChangeItem,
  type DigestSectionEntry,
} from '@murmur/core/api';
import {
  benjaminiHochberg,
  CHANGE_FDR,
  twoProportionTest,
  wilsonInterval,
  type EstimateFigure,
} from '@murmur/core/sampling';
import type { FollowedTally } from '../../engine/digest-composition';

/**
 * What changed between two points of an audience (docs/API-AUDIENCES.md "History"): the size's
 * two-proportion test, the panel values whose share moved beyond noise (Benjamini–Hochberg across
 * all tested), and the newcomers among the accounts it follows.
 */

/** A value needs this many members at one of the two points to be called a change (as insights' support). */
export const MIN_SUPPORT = 5;

/**
 * A value's members in a digest: its count; 0 when the field was complete without it; else at most
 * the smallest count the digest kept (it would have been kept with more).
 */
function countIn(
  entry: { values: { value: string; count: number }[]; complete: boolean },
  value: string,
): { count: number; atMost: boolean } {
  const found = entry.values.find((v) => v.value === value);
  if (found) return { count: found.count, atMost: false };
  if (entry.complete) return { count: 0, atMost: false };
  return { count: Math.min(...entry.values.map((v) => v.count)), atMost: true };
}

const shareAt = ({ count, atMost }: { count: number; atMost: boolean }, members: number) => {
  const { share, low, high } = wilsonInterval(Math.min(count, members), members);
  return { count, share, low, high, at_most: atMost };
};

/** Whether the audience's share of the index moved between two points (a two-proportion test at 5 %). */
export function sizeTest(a: EstimateFigure, b: EstimateFigure): AudienceChanges['size'] {
  const p =
    a.sample_size !== null && b.sample_size !== null
      ? twoProportionTest(a.sample, a.sample_size, b.sample, b.sample_size).p
      : null;
  return { change: a.value > 0 ? b.value / a.value - 1 : null, p, significant: p !== null && p < CHANGE_FDR };
}

type Entry = { values: { value: string; label?: string | undefined; count: number }[]; complete: boolean };
type Entered = NonNullable<DigestSectionEntry['entered']>[number];

/** An audience's followed accounts at its previous point (the newcomer test's first side). */
export interface PreviousFollowed {
  day: string;
  members: number;
  floor: number;
  ids: { has(id: string): boolean };
}

/**
 * The newcomers among the accounts an audience follows: accounts followed today by at least the
 * tally's floor (FOLLOWED_SHARE of the members whose follows are read) that the previous point's
 * list lacked, so followed then by at most its floor − 1 members. Each is tested at that bound
 * (two-proportion test, Benjamini–Hochberg across all of them at CHANGE_FDR): a newcomer is claimed
 * only if even the largest count it may have had differs beyond noise. The largest first, at most
 * DIGEST_VALUES.
 */
export function newcomers(previous: PreviousFollowed, today: FollowedTally): Entered[] {
  if (previous.members === 0 || today.members === 0) return [];
  const was = Math.min(Math.max(previous.floor - 1, 0), previous.members);
  const candidates = today.accounts.filter((a) => a.count >= MIN_SUPPORT && !previous.ids.has(a.id));
  const tests = candidates.map((a) =>
    twoProportionTest(was, previous.members, Math.min(a.count, today.members), today.members),
  );
  const q = benjaminiHochberg(tests.map((t) => t.p));
  return candidates
    .filter((_, i) => tests[i]!.difference > 0 && q[i]! < CHANGE_FDR)
    .sort((a, b) => b.count - a.count || a.id.localeCompare(b.id))
    .slice(0, DIGEST_VALUES)
    .map((a) => ({
      value: a.id,
      label: a.handle,
      count: a.count,
      since: previous.day,
      was,
      was_members: previous.members,
    }));
}

/** What is compared of two digests: each member field, and each section both points have. */
function comparable(
  a: AudienceDigest,
  b: AudienceDigest,
): { field: ChangeField; ea: Entry; eb: Entry; ma: number; mb: number; entered?: Entered[] }[] {
  const out: { field: ChangeField; ea: Entry; eb: Entry; ma: number; mb: number; entered?: Entered[] }[] =
    DIGEST_FIELDS.map((field) => ({
      field,
      ea: a.fields[field],
      eb: b.fields[field],
      ma: a.members,
      mb: b.members,
    }));
  for (const field of DIGEST_SECTIONS) {
    // A point recorded before the sections were kept has none: that section is not tested.
    const sa = a.sections?.[field];
    const sb = b.sections?.[field];
    // Communities found in two partitions of the network are other groups under the same leaders:
    // a shift between them is the partition's, not the audience's, and is not tested.
    if (sa && sb && sa.partition === sb.partition)
      out.push({ field, ea: sa, eb: sb, ma: sa.members, mb: sb.members, entered: sb.entered });
  }
  return out;
}

/**
 * The panel values whose share moved between two digests beyond noise (FDR across all tested: the
 * member fields and the composition sections together). `fromDay`, the day of `a`: the newcomers
 * `b` found against that very point (its `entered` of `since` that day) are tested at their bound
 * there.
 */
export function panelChanges(
  a: AudienceDigest,
  b: AudienceDigest,
  fromDay?: string,
): { tested: number; changes: ChangeItem[] } {
  const candidates: Omit<ChangeItem, 'q'>[] = [];
  for (const { field, ea, eb, ma, mb, entered } of comparable(a, b)) {
    if (ma === 0 || mb === 0) continue;
    const newcomer = new Map(
      (entered ?? []).filter((e) => fromDay !== undefined && e.since === fromDay).map((e) => [e.value, e]),
    );
    const labels = new Map<string, string>();
    for (const v of [...ea.values, ...eb.values, ...newcomer.values()])
      labels.set(v.value, v.label ?? v.value);
    for (const [value, label] of labels) {
      const seen = newcomer.get(value);
      let ka = countIn(ea, value);
      let kb = countIn(eb, value);
      // A newcomer: below the followed list of `a` (at most `was`), its count in `b` known.
      if (seen && ka.atMost) ka = { count: Math.min(seen.was, ka.count), atMost: true };
      if (seen && kb.atMost) kb = { count: seen.count, atMost: false };
      // A side known only by its bound is tested at the bound: a change is claimed only if even
      // the count closest to the other side's differs beyond noise, and only in the bound's favour.
      if ((ka.atMost && ka.count >= kb.count) || (kb.atMost && kb.count >= ka.count)) continue;
      const { difference, p } = twoProportionTest(Math.min(ka.count, ma), ma, Math.min(kb.count, mb), mb);
      candidates.push({
        field,
        value,
        label,
        from: shareAt(ka, ma),
        to: shareAt(kb, mb),
        difference,
        p,
      });
    }
  }
  const q = benjaminiHochberg(candidates.map((c) => c.p));
  const changes = candidates
    .map((c, i) => ({ ...c, q: q[i]! }))
    .filter((c) => c.q < CHANGE_FDR && Math.max(c.from.count, c.to.count) >= MIN_SUPPORT)
    .sort((x, y) => Math.abs(y.difference) - Math.abs(x.difference));
  return { tested: candidates.length, changes };
}
