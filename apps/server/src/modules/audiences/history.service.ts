import {
  DIGEST_FIELDS,
  DIGEST_VALUES,
  type AudienceChanges,
  type AudienceDigest,
  type AudienceHistory,
  type AudiencePoint,
  type DigestField,
  type MembershipChanges,
} from '@murmur/core/api';
import { CHANGE_FDR } from '@murmur/core/sampling';
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
} from '../../engine/digest-composition';
import { samplingOf, toEstimate } from '../../engine/engine-audience';
import { BadRequest } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AudienceConfigsService } from './audience-configs.service';
import { newcomers, panelChanges, sizeTest } from './history-changes';
import type { HistoryRepository, PointWrite, Prior } from './history.repository';
import { encodeIds, idLookup } from '../../lib/member-ids';
import type { MembersSince } from '../../engine/member-carry';
import type { MembershipService, PointMembers } from './membership.service';

export type HistoryService = ReturnType<typeof createHistoryService>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days the digests count members in one partition of the network into communities. */
const PARTITION_DAYS = 7;
/** Audiences measured per scheduled run; the rest wait for the next run of the day. */
const BATCH = 200;

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
 * What a point measures of an audience, from one evaluation of its package (the engine's
 * `historyPoint` task: estimate, field counts, composition sections and members). Community members
 * are counted in one partition of the network for the process, kept PARTITION_DAYS (Louvain finds
 * other communities whenever the live index moves, so a partition per day, or per worker thread,
 * would make every community look new); the section names its partition.
 */
function pointMeasure(engine: EngineHolder, memberCap: number) {
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
  return async (
    query: { pkg: TargetingPackage; exclusions: TargetingPackage[] },
    now: Date,
    configId: number,
    membersSince: MembersSince | undefined,
  ) => {
    const { made, communities } = current(now);
    const { estimate, counts, members, ...measured } = await engine.work().run('historyPoint', {
      ...query,
      communities: await communities,
      fields: DIGEST_FIELDS,
      memberCap,
      // The thread that measures the audience keeps its tallies (and, as the only thread, its
      // members) for its next point.
      carry: `audience:${configId}`,
      keepMembers: engine.work().threads <= 1,
      membersSince,
    });
    const composition = {
      ...measured,
      community: { ...measured.community, partition: new Date(made).toISOString() },
    };
    return { estimate, counts, members, composition };
  };
}

/** A new point of an audience with its point before it. */
export interface NewPointOf {
  configId: number;
  previous: AudiencePointRow;
  current: AudiencePointRow;
}

export interface HistoryServiceDeps {
  repo: HistoryRepository;
  configs: Pick<AudienceConfigsService, 'readableRow'>;
  engine: EngineHolder;
  clock: Clock;
  /**
   * The live log's consumer positions (GET /api/engine/status/'s source): a point's day follows the
   * time of X the live index has reached; none (or no event applied yet): the wall clock.
   */
  live?: LiveStatusSource;
  retentionDays: number;
  /** Told of the new points of a run, each with its audience's point before it (the alerts' evaluation). */
  onPoints?: (points: NewPointOf[]) => Promise<unknown>;
  /** Records each new point's membership (membership.service.ts); none: points keep no membership. */
  membership?: Pick<
    MembershipService,
    'cap' | 'latest' | 'since' | 'carries' | 'membersOf' | 'changeOf' | 'between'
  >;
  /** Where a failed `onPoints` is reported (the point itself stays recorded). */
  logError?: (error: unknown, message: string) => void;
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
  const entered = newcomers({ ...before, ids: idLookup(before.ids) }, followed);
  if (entered.length === 0) return { composition, followed };
  return {
    composition: { ...composition, influential: { ...composition.influential, entered } },
    followed,
  };
}

/** A saved audience as a point measures it. */
type Measured = Pick<AudienceConfigRow, 'id' | 'targetingPackage' | 'exclusions'>;

/**
 * A point recorder: measures a batch of audiences now (each its own evaluation by the engine) and
 * records their points with their followed accounts and memberships in one statement
 * (history.repository.ts `recordMany`: the batch's day is written whole or not at all), reading what
 * they need before them in two statements; then has the new points' alert rules evaluated together.
 */
function pointRecorder(deps: HistoryServiceDeps) {
  const { repo, engine } = deps;
  // Without memberships kept, no point lists its members (a cap below every audience).
  const pointAt = pointMeasure(engine, deps.membership ? deps.membership.cap : -1);

  /**
   * A point's figures. A sharded engine merges member counts only: its points keep the member
   * fields alone, their members evaluated on this thread's engine.
   */
  async function measureOf(
    query: { pkg: TargetingPackage; exclusions: TargetingPackage[] },
    now: Date,
    configId: number,
    membersSince: MembersSince | undefined,
  ) {
    const audiences = engine.audiences();
    if (audiences.kind !== 'shards') return pointAt(query, now, configId, membersSince);
    const [estimate, counts] = await Promise.all([
      audiences.estimate(query),
      audiences.fieldCounts(query, DIGEST_FIELDS),
    ]);
    let members: PointMembers | undefined;
    try {
      members = deps.membership?.membersOf(query);
    } catch (error) {
      // The point stays; differences across it say its membership was not recorded.
      deps.logError?.(error, 'audience membership could not be recorded');
    }
    return { estimate, counts, members, composition: undefined };
  }

  /** One audience's point and what is written with it, from what it read before (`prior`). */
  async function pointOf(config: Measured, exclusions: TargetingPackage[], prior: Prior, now: Date) {
    const day = dayOf(now);
    const { membership } = deps;
    const { followed: followedBefore, membershipDay } = prior;
    const known = membershipDay === null ? null : { day: membershipDay };
    const query = { pkg: config.targetingPackage, exclusions };
    // The change since the latest set comes from the engine's thread when it keeps that set; with
    // several worker threads an audience's next point may run on another, so each point lists its
    // members in full and this process keeps the latest set (membership.service.ts).
    const since = engine.work().threads <= 1 ? membership?.since(config.id, known) : undefined;
    const [measured, latestSet] = await Promise.all([
      measureOf(query, now, config.id, since),
      since ? undefined : membership?.latest(config.id, known),
    ]);
    const { composition, followed } = withNewcomers(measured.composition, followedBefore);
    const { sampleSize, scale } = samplingOf(engine);
    let members = measured.members;
    let previous = latestSet;
    // Not a change from the latest set this process recorded (the thread no longer kept it, or a point
    // of the audience was recorded meanwhile): a full list diffed with the latest set as read back.
    if (membership && since && members && !members.overCap && !membership.carries(config.id, members)) {
      if (!members.ids) members = membership.membersOf(query);
      previous = await membership.latest(config.id, known);
    }
    const change =
      membership && members && membership.changeOf({ configId: config.id, day }, members, previous);
    const write: PointWrite = {
      point: {
        configId: config.id,
        day,
        measured: now,
        sampleCount: measured.estimate.sampleCount,
        size: toEstimate(measured.estimate, sampleSize, scale).figure,
        digest: digestOf(measured.counts, composition),
      },
      ...(followed &&
        (!followedBefore || followedBefore.day < day) && {
          followed: {
            configId: config.id,
            day,
            members: followed.members,
            floor: followed.floor,
            ids: encodeIds(followed.accounts.map((a) => a.id)),
          },
        }),
      ...(change && { membership: { change: change.change } }),
    };
    return { write, kept: change?.kept };
  }

  /**
   * Today's points of `configs` (distinct audiences). An audience the engine refuses (an empty
   * package saved long ago) has no point (`failed`); a failure of the write records none of them.
   * An audience whose point of the day another process recorded first is left out. `rethrow`: an
   * audience the engine refuses throws instead (a caller's request for one audience).
   */
  async function measure(
    configs: readonly Measured[],
    now: Date,
    { rethrow = false } = {},
  ): Promise<{ recorded: Map<number, AudiencePointRow>; failed: number[] }> {
    // Exclusions deleted since the audience was saved no longer subtract anything.
    const excluded = new Map(
      (await repo.packagesOf([...new Set(configs.flatMap((c) => c.exclusions))])).map((r) => [
        r.id,
        r.targetingPackage,
      ]),
    );
    const priors = await repo.priorOfMany(
      configs.map((c) => c.id),
      dayOf(new Date(now.getTime() - DAY_MS)),
    );
    const writes: PointWrite[] = [];
    const kept = new Map<number, () => void>();
    const failed: number[] = [];
    for (const config of configs) {
      // Other work (requests, live batches) runs between two audiences: a run of hundreds of
      // audiences holds the thread for one audience's measure at a time, not for the whole batch.
      if (writes.length + failed.length > 0) await new Promise((resolve) => setImmediate(resolve));
      const exclusions = config.exclusions.flatMap((id) => excluded.get(id) ?? []);
      try {
        const made = await pointOf(config, exclusions, priors.get(config.id)!, now);
        writes.push(made.write);
        if (made.kept) kept.set(config.id, made.kept);
      } catch (error) {
        if (rethrow) throw error;
        failed.push(config.id);
      }
    }
    const recorded = await repo.recordMany(writes);
    for (const configId of recorded.keys()) kept.get(configId)?.();
    const evaluated = [...recorded.values()].flatMap((current) => {
      const previous = priors.get(current.configId)?.previous;
      return previous ? [{ configId: current.configId, previous, current }] : [];
    });
    if (evaluated.length > 0 && deps.onPoints) {
      try {
        await deps.onPoints(evaluated);
      } catch (error) {
        deps.logError?.(error, 'audience alerts could not be evaluated');
      }
    }
    return { recorded, failed };
  }

  return measure;
}

/**
 * Audiences over time (docs/API-AUDIENCES.md "History"): one point per saved audience and day,
 * measured by the engine (its live index, so the points follow X), kept `retentionDays`; and what
 * changed between two points, tested against the sampling model's noise.
 */
export function createHistoryService(deps: HistoryServiceDeps) {
  const { repo, configs, engine, clock, retentionDays } = deps;

  const measure = pointRecorder(deps);

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

  return {
    /**
     * One batch of the scheduled run: today's point of up to `batch` saved audiences that have none,
     * then the points past the retention removed. Nothing while the engine loads.
     */
    async recordDue(batch = BATCH): Promise<{ recorded: number; failed: number; pruned: number }> {
      if (!ready()) return { recorded: 0, failed: 0, pruned: 0 };
      const now = await indexNow();
      const { recorded, failed } = await measure(await repo.due(dayOf(now), batch), now);
      const pruned = await repo.prune(dayOf(new Date(now.getTime() - retentionDays * DAY_MS)));
      return { recorded: recorded.size, failed: failed.length, pruned };
    },

    /**
     * The scheduled run (modules/audiences/index.ts, each tick): batches of `batch` audiences one
     * after the other until every saved audience has today's point, so the day's points take what
     * they cost (a point is measured, and the thread given back, one audience at a time) instead of
     * a fixed number per tick. An audience the engine refuses is tried once a run (the next run
     * tries it again); then the points past the retention removed. Each point is recorded at most
     * once, also with two runs at once (`recordMany`).
     */
    async recordAllDue(
      batch = BATCH,
    ): Promise<{ recorded: number; failed: number; pruned: number; batches: number }> {
      if (!ready()) return { recorded: 0, failed: 0, pruned: 0, batches: 0 };
      const now = await indexNow();
      const day = dayOf(now);
      const failed: number[] = [];
      let recorded = 0;
      let batches = 0;
      for (;;) {
        const due = await repo.due(day, batch, failed);
        if (due.length === 0) break;
        const run = await measure(due, now);
        batches++;
        recorded += run.recorded.size;
        failed.push(...run.failed);
        // None recorded and none failed: another run wrote this batch's points first; the next
        // batch's audiences are those it has not reached.
      }
      const pruned = await repo.prune(dayOf(new Date(now.getTime() - retentionDays * DAY_MS)));
      return { recorded, failed: failed.length, pruned, batches };
    },

    /** GET …/history/: the last `days` days' points; today's is measured first when missing. */
    async history(user: UserRow, id: number, days: number): Promise<AudienceHistory> {
      const config = await configs.readableRow(user, id);
      const now = await indexNow();
      const since = dayOf(new Date(now.getTime() - (days - 1) * DAY_MS));
      let rows = await repo.list(config.id, since);
      // Only a day after the last point's (the wall clock, before the live index's first event, may
      // have been ahead of the index's time).
      if (ready() && (rows.at(-1)?.day ?? '') < dayOf(now)) {
        // The new point is the latest (none is measured before the latest): read again only when
        // another request recorded today's first.
        const point = (await measure([config], now, { rethrow: true })).recorded.get(config.id);
        rows = point ? [...rows, point] : await repo.list(config.id, since);
      }
      return { audience_config_id: config.id, retention_days: retentionDays, points: rows.map(presentPoint) };
    },

    /** GET …/history/members/: who joined and who left between the points on or before `from` and `to`. */
    async members(user: UserRow, id: number, from: string, to: string): Promise<MembershipChanges> {
      const config = await configs.readableRow(user, id);
      if (from > to) throw new BadRequest({ from: ['"from" must be on or before "to".'] });
      const [a, b] = await Promise.all([repo.atOrBefore(config.id, from), repo.atOrBefore(config.id, to)]);
      if (!a) throw new BadRequest({ from: ['This audience has no point on or before that day.'] });
      if (!b) throw new BadRequest({ to: ['This audience has no point on or before that day.'] });
      if (!deps.membership) throw new Error('the history service was built without memberships');
      return deps.membership.between(config.id, a, b);
    },

    /** GET …/history/changes/: the points on or before `from` and `to`, and what moved between them. */
    async changes(user: UserRow, id: number, from: string, to: string): Promise<AudienceChanges> {
      const config = await configs.readableRow(user, id);
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
