import {
  DIGEST_FIELDS,
  DIGEST_SECTIONS,
  DIGEST_VALUES,
  type AudienceChanges,
  type AudienceDigest,
  type AudienceHistory,
  type AudiencePoint,
  type ChangeField,
  type ChangeItem,
  type DigestField,
  type DigestSectionEntry,
  type MembershipChanges,
} from '@murmur/core/api';
import {
  benjaminiHochberg,
  CHANGE_FDR,
  twoProportionTest,
  wilsonInterval,
  type EstimateFigure,
} from '@murmur/core/sampling';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { FieldCounts } from '@murmur/engine';
import type { AudienceConfigRow, AudiencePointRow, UserRow } from '../../db/schema';
import type { EngineHolder } from '../../engine/engine-holder';
import { reachedAt, type LiveStatusSource } from '../../engine/freshness';
import {
  digestCommunitiesOf,
  type DigestCommunity,
  type DigestComposition,
  type FollowedTally,
} from '../../engine/engine-tasks';
import { samplingOf, toEstimate } from '../../engine/engine-audience';
import { BadRequest } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AudienceConfigsService } from './audience-configs.service';
import type { HistoryRepository } from './history.repository';
import { decodeIds, encodeIds } from './member-ids';
import type { MembershipService } from './membership.service';

export type HistoryService = ReturnType<typeof createHistoryService>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days the digests count members in one partition of the network into communities. */
const PARTITION_DAYS = 7;
/** Audiences measured per scheduled run; the rest wait for the next run of the day. */
const BATCH = 200;
/** A value needs this many members at one of the two points to be called a change (as insights' support). */
export const MIN_SUPPORT = 5;

/** The UTC day of an instant, as the history keys its points. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The digest of field counts: per field its most frequent member values (engine's labels); with the
 * composition sections when the engine counted them.
 */
export function digestOf(counts: FieldCounts, composition?: DigestComposition): AudienceDigest {
  const entry = (field: DigestField) => {
    const held = (counts.fields[field] ?? []).filter((v) => v.count > 0);
    held.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    return {
      values: held.slice(0, DIGEST_VALUES).map(({ value, label, count }) => ({ value, label, count })),
      complete: held.length <= DIGEST_VALUES,
    };
  };
  const fields = Object.fromEntries(DIGEST_FIELDS.map((f) => [f, entry(f)])) as AudienceDigest['fields'];
  return { members: counts.members, fields, ...(composition && { sections: composition }) };
}

const presentPoint = (row: AudiencePointRow): AudiencePoint => ({
  day: row.day,
  measured: row.measured.toISOString(),
  size: row.size,
  digest: row.digest,
});

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
  ids: ReadonlySet<string>;
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

/**
 * The composition sections of a point, counted by the engine's `digestComposition` task. Community
 * members are counted in one partition of the network for the process, kept PARTITION_DAYS (Louvain
 * finds other communities whenever the live index moves, so a partition per day, or per worker
 * thread, would make every community look new); the section names its partition.
 */
function compositionMeasure(engine: EngineHolder) {
  let partition: { made: number; communities: Promise<DigestCommunity[]> } | undefined;
  function current(now: Date): { made: number; communities: Promise<DigestCommunity[]> } {
    if (!partition || now.getTime() - partition.made >= PARTITION_DAYS * DAY_MS) {
      const made = engine.work().run('networkCommunities', null).then(digestCommunitiesOf);
      partition = { made: now.getTime(), communities: made };
      // A failure is not kept: the next point tries again.
      made.catch(() => {
        if (partition?.communities === made) partition = undefined;
      });
    }
    return partition;
  }
  return async (query: { pkg: TargetingPackage; exclusions: TargetingPackage[] }, now: Date) => {
    const { made, communities } = current(now);
    const measured = await engine
      .work()
      .run('digestComposition', { ...query, communities: await communities });
    return { ...measured, community: { ...measured.community, partition: new Date(made).toISOString() } };
  };
}

/**
 * Audiences over time (docs/API-AUDIENCES.md "History"): one point per saved audience and day,
 * measured by the engine (its live index, so the points follow X), kept `retentionDays`; and what
 * changed between two points, tested against the sampling model's noise.
 */
export function createHistoryService(deps: {
  repo: HistoryRepository;
  configs: Pick<AudienceConfigsService, 'readable'>;
  engine: EngineHolder;
  clock: Clock;
  /**
   * The live log's consumer positions (GET /api/engine/status/'s source): a point's day follows the
   * time of X the live index has reached; none (or no event applied yet): the wall clock.
   */
  live?: LiveStatusSource;
  retentionDays: number;
  /** Told of each new point with the audience's point before it (the alerts' evaluation). */
  onPoint?: (configId: number, previous: AudiencePointRow, current: AudiencePointRow) => Promise<unknown>;
  /** Records each new point's membership (membership.service.ts); none: points keep no membership. */
  membership?: Pick<MembershipService, 'record' | 'between'>;
  /** Where a failed `onPoint` is reported (the point itself stays recorded). */
  logError?: (error: unknown, message: string) => void;
}) {
  const { repo, configs, engine, clock, retentionDays } = deps;

  const compositionAt = compositionMeasure(engine);

  async function measure(
    config: Pick<AudienceConfigRow, 'id' | 'targetingPackage' | 'exclusions'>,
    now: Date,
  ): Promise<void> {
    // Exclusions deleted since the audience was saved no longer subtract anything.
    const exclusions = (await repo.packagesOf(config.exclusions)).map((r) => r.targetingPackage);
    const query = { pkg: config.targetingPackage, exclusions };
    const audiences = engine.audiences();
    // The composition sections come from the engine's panels, in its worker pool; a sharded engine
    // merges member counts only, so its points keep the member fields alone.
    const [estimate, counts, measured, followedBefore] = await Promise.all([
      audiences.estimate(query),
      audiences.fieldCounts(query, DIGEST_FIELDS),
      audiences.kind === 'shards' ? undefined : compositionAt(query, now),
      repo.followedOf(config.id),
    ]);
    const { composition, followed } = withNewcomers(measured, followedBefore);
    const { sampleSize, scale } = samplingOf(engine);
    const point = await repo.insert({
      configId: config.id,
      day: dayOf(now),
      measured: now,
      sampleCount: estimate.sampleCount,
      size: toEstimate(estimate, sampleSize, scale).figure,
      digest: digestOf(counts, composition),
    });
    if (point && followed && (!followedBefore || followedBefore.day < point.day)) {
      await repo.saveFollowed({
        configId: config.id,
        day: point.day,
        members: followed.members,
        floor: followed.floor,
        ids: encodeIds(followed.accounts.map((a) => a.id)),
      });
    }
    if (point && deps.membership) {
      try {
        await deps.membership.record(point, query);
      } catch (error) {
        // The point stays; differences across it say its membership was not recorded.
        deps.logError?.(error, 'audience membership could not be recorded');
      }
    }
    if (!point || !deps.onPoint) return;
    const previous = await repo.atOrBefore(config.id, dayOf(new Date(now.getTime() - DAY_MS)));
    if (!previous) return;
    try {
      await deps.onPoint(config.id, previous, point);
    } catch (error) {
      deps.logError?.(error, 'audience alerts could not be evaluated');
    }
  }

  const ready = () => engine.status().state === 'ready';

  /**
   * The instant a point is measured at: the time of X the live index has reached (X's clock in
   * production, the simulated clock with the sandbox), else the wall clock.
   */
  async function indexNow(): Promise<Date> {
    const status = deps.live
      ? await Promise.resolve()
          .then(deps.live)
          .catch(() => null)
      : null;
    const at = reachedAt(status);
    return at === null ? clock.now() : new Date(at);
  }

  /** The composition with its newcomers against the previous followed accounts (when both exist). */
  function withNewcomers(
    measured: (DigestComposition & { followed: FollowedTally }) | undefined,
    before: { day: string; members: number; floor: number; ids: Uint8Array } | undefined,
  ): { composition?: DigestComposition; followed?: FollowedTally } {
    if (!measured) return {};
    const { followed, ...composition } = measured;
    // A previous list is only a bound when it was taken (floor > 0) on an earlier day.
    if (!before || before.floor === 0 || followed.floor === 0) return { composition, followed };
    const entered = newcomers({ ...before, ids: new Set(decodeIds(before.ids)) }, followed);
    if (entered.length === 0) return { composition, followed };
    return {
      composition: { ...composition, influential: { ...composition.influential, entered } },
      followed,
    };
  }

  return {
    /**
     * The scheduled run: today's point of every saved audience that has none (a batch per run),
     * then the points past the retention removed. Nothing while the engine loads.
     */
    async recordDue(): Promise<{ recorded: number; failed: number; pruned: number }> {
      if (!ready()) return { recorded: 0, failed: 0, pruned: 0 };
      const now = await indexNow();
      let recorded = 0;
      let failed = 0;
      for (const config of await repo.due(dayOf(now), BATCH)) {
        try {
          await measure(config, now);
          recorded++;
        } catch {
          // An audience the engine refuses (an empty package saved long ago) has no point that day.
          failed++;
        }
      }
      const pruned = await repo.prune(dayOf(new Date(now.getTime() - retentionDays * DAY_MS)));
      return { recorded, failed, pruned };
    },

    /** GET …/history/: the last `days` days' points; today's is measured first when missing. */
    async history(user: UserRow, id: number, days: number): Promise<AudienceHistory> {
      const { config } = await configs.readable(user, id);
      const now = await indexNow();
      const since = dayOf(new Date(now.getTime() - (days - 1) * DAY_MS));
      let rows = await repo.list(config.id, since);
      // Only a day after the last point's (the wall clock, before the live index's first event, may
      // have been ahead of the index's time).
      if (ready() && (rows.at(-1)?.day ?? '') < dayOf(now)) {
        await measure(config, now);
        rows = await repo.list(config.id, since);
      }
      return { audience_config_id: config.id, retention_days: retentionDays, points: rows.map(presentPoint) };
    },

    /** GET …/history/members/: who joined and who left between the points on or before `from` and `to`. */
    async members(user: UserRow, id: number, from: string, to: string): Promise<MembershipChanges> {
      const { config } = await configs.readable(user, id);
      if (from > to) throw new BadRequest({ from: ['"from" must be on or before "to".'] });
      const [a, b] = await Promise.all([repo.atOrBefore(config.id, from), repo.atOrBefore(config.id, to)]);
      if (!a) throw new BadRequest({ from: ['This audience has no point on or before that day.'] });
      if (!b) throw new BadRequest({ to: ['This audience has no point on or before that day.'] });
      if (!deps.membership) throw new Error('the history service was built without memberships');
      return deps.membership.between(config.id, a, b);
    },

    /** GET …/history/changes/: the points on or before `from` and `to`, and what moved between them. */
    async changes(user: UserRow, id: number, from: string, to: string): Promise<AudienceChanges> {
      const { config } = await configs.readable(user, id);
      if (from > to) throw new BadRequest({ from: ['"from" must be on or before "to".'] });
      const [a, b] = await Promise.all([repo.atOrBefore(config.id, from), repo.atOrBefore(config.id, to)]);
      if (!a) throw new BadRequest({ from: ['This audience has no point on or before that day.'] });
      if (!b) throw new BadRequest({ to: ['This audience has no point on or before that day.'] });
      const { tested, changes } = panelChanges(a.digest, b.digest, a.day);
      const at = (row: AudiencePointRow) => ({
        day: row.day,
        measured: row.measured.toISOString(),
        size: row.size,
      });
      return {
        audience_config_id: config.id,
        from: at(a),
        to: at(b),
        size: sizeTest(a.size, b.size),
        fdr: CHANGE_FDR,
        tested,
        moved: changes,
      };
    },
  };
}
