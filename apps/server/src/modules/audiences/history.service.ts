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
} from '../../engine/engine-tasks';
import { samplingOf, toEstimate } from '../../engine/engine-audience';
import { BadRequest } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AudienceConfigsService } from './audience-configs.service';
import { newcomers, panelChanges, sizeTest } from './history-changes';
import type { HistoryRepository } from './history.repository';
import { decodeIds, encodeIds } from '../../lib/member-ids';
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
  return async (query: { pkg: TargetingPackage; exclusions: TargetingPackage[] }, now: Date) => {
    const { made, communities } = current(now);
    const { estimate, counts, members, ...measured } = await engine.work().run('historyPoint', {
      ...query,
      communities: await communities,
      fields: DIGEST_FIELDS,
      memberCap,
    });
    const composition = {
      ...measured,
      community: { ...measured.community, partition: new Date(made).toISOString() },
    };
    return { estimate, counts, members, composition };
  };
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
  /** Told of each new point with the audience's point before it (the alerts' evaluation). */
  onPoint?: (configId: number, previous: AudiencePointRow, current: AudiencePointRow) => Promise<unknown>;
  /** Records each new point's membership (membership.service.ts); none: points keep no membership. */
  membership?: Pick<MembershipService, 'cap' | 'latest' | 'membersOf' | 'changeOf' | 'between'>;
  /** Where a failed `onPoint` is reported (the point itself stays recorded). */
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
  const entered = newcomers({ ...before, ids: new Set(decodeIds(before.ids)) }, followed);
  if (entered.length === 0) return { composition, followed };
  return {
    composition: { ...composition, influential: { ...composition.influential, entered } },
    followed,
  };
}

/**
 * A point recorder: measures an audience now and records its point with its followed accounts and
 * membership in one transaction, then has the point's alert rules evaluated.
 */
function pointRecorder(deps: HistoryServiceDeps) {
  const { repo, engine } = deps;
  // Without memberships kept, no point lists its members (a cap below every audience).
  const pointAt = pointMeasure(engine, deps.membership ? deps.membership.cap : -1);

  /**
   * A point's figures. A sharded engine merges member counts only: its points keep the member
   * fields alone, their members evaluated on this thread's engine.
   */
  async function measureOf(query: { pkg: TargetingPackage; exclusions: TargetingPackage[] }, now: Date) {
    const audiences = engine.audiences();
    if (audiences.kind !== 'shards') return pointAt(query, now);
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

  async function measure(
    config: Pick<AudienceConfigRow, 'id' | 'targetingPackage' | 'exclusions'>,
    now: Date,
  ): Promise<AudiencePointRow | undefined> {
    // Exclusions deleted since the audience was saved no longer subtract anything.
    const exclusions = (await repo.packagesOf(config.exclusions)).map((r) => r.targetingPackage);
    const query = { pkg: config.targetingPackage, exclusions };
    const day = dayOf(now);
    const { membership, onPoint } = deps;
    // What the point reads before it (one statement), beside the engine's work.
    const prior = repo.priorOf(config.id, dayOf(new Date(now.getTime() - DAY_MS)));
    const [measured, { followed: followedBefore, previous }, latestSet] = await Promise.all([
      measureOf(query, now),
      prior,
      prior.then(({ membershipDay }) =>
        membership?.latest(config.id, membershipDay === null ? null : { day: membershipDay }),
      ),
    ]);
    const { composition, followed } = withNewcomers(measured.composition, followedBefore);
    const { sampleSize, scale } = samplingOf(engine);
    const write =
      membership &&
      measured.members &&
      membership.changeOf({ configId: config.id, day }, measured.members, latestSet);
    // The point, its followed accounts and its membership: one statement.
    const point = await repo.record(
      {
        configId: config.id,
        day,
        measured: now,
        sampleCount: measured.estimate.sampleCount,
        size: toEstimate(measured.estimate, sampleSize, scale).figure,
        digest: digestOf(measured.counts, composition),
      },
      {
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
        ...(write && { membership: { change: write.change } }),
      },
    );
    if (!point) return undefined;
    write?.kept();
    if (!previous || !onPoint) return point;
    try {
      await onPoint(config.id, previous, point);
    } catch (error) {
      deps.logError?.(error, 'audience alerts could not be evaluated');
    }
    return point;
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
      const config = await configs.readableRow(user, id);
      const now = await indexNow();
      const since = dayOf(new Date(now.getTime() - (days - 1) * DAY_MS));
      let rows = await repo.list(config.id, since);
      // Only a day after the last point's (the wall clock, before the live index's first event, may
      // have been ahead of the index's time).
      if (ready() && (rows.at(-1)?.day ?? '') < dayOf(now)) {
        // The new point is the latest (none is measured before the latest): read again only when
        // another request recorded today's first.
        const point = await measure(config, now);
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
