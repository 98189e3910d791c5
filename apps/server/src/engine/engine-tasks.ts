import { threadId } from 'node:worker_threads';
import { DIGEST_VALUES, type DigestSectionEntry } from '@murmur/core/api';
import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import {
  accountSetFromShared,
  toSharedAccountSet,
  type Lookalike,
  type LookalikePercent,
  type AccountSet,
  type Audience,
  type AudienceEngine,
  type AudienceEstimate,
  type AudienceInsights,
  type AudienceQuery,
  type CategoricalField,
  type FieldCounts,
  type LookupField,
  type LookupResult,
  type DemographicsPanel,
  type InsightsOptions,
  type InterestsPanel,
  type NetworkCommunities,
  type NetworkCommunity,
  type CommunityCensus,
  type CommunityPartition,
  type PanelName,
  type SharedAccountSet,
  summariseOverlap,
  type OverlapSummary,
} from '@murmur/engine';
import type { MemberList } from '../lib/member-ids';
import { memberIds, memberPairs } from './member-order';

/** Percent 0–100 and the stage, as jobs report them. */
export type ReportStage = (progress: number, stage: string) => void;

/** An audience as tasks receive it: the package and the packages whose members are left out. */
export interface AudienceInput {
  pkg: TargetingPackage;
  exclusions?: TargetingPackage[] | undefined;
}

/** A set of accounts found on the main thread (a community, bio matches), as a shared bitset. */
export interface MembersInput {
  members: SharedAccountSet;
}

/**
 * An audience whose insights are measured against `baseline` when given: a country or another
 * audience (a package), or an earlier point of the audience (its recorded members, found on the
 * main thread).
 */
export interface InsightsInput extends AudienceInput {
  baseline?: AudienceInput | MembersInput | undefined;
}

function audienceOf(engine: AudienceEngine, input: AudienceInput | MembersInput): Audience | AccountSet {
  if ('members' in input) return accountSetFromShared(input.members);
  return engine.evaluate(input.pkg, { exclusions: input.exclusions ?? [] });
}

const setOf = (a: Audience | AccountSet): AccountSet => ('accounts' in a ? a.accounts : a);

/** A lookalike's seed: a saved audience's package, or the account numbers of an uploaded list. */
export type LookalikeSeedInput = AudienceInput | { accounts: number[] };

export interface LookalikeInput {
  seed: LookalikeSeedInput;
  /** ISO code of the country whose accounts are the candidates; undefined: the whole network. */
  country?: string | undefined;
  sizes: LookalikePercent[];
}

function lookalikeOf(engine: AudienceEngine, input: LookalikeInput, evaluate: boolean): Lookalike {
  if (!engine.lookalike) throw new Error('Lookalikes are not available on this engine.');
  const seed =
    'accounts' in input.seed
      ? input.seed.accounts
      : engine.evaluate(input.seed.pkg, { exclusions: input.seed.exclusions ?? [] }).accounts;
  return engine.lookalike(seed, {
    country: input.country,
    sizes: input.sizes,
    evaluate,
    ...(evaluate ? {} : { samples: 0 }),
  });
}

/** The network's communities as they come back from a worker: member sets as shared bitsets. */
export type SentCommunity = Omit<NetworkCommunity, 'members'> & { members: SharedAccountSet };
export type SentCommunities = Omit<NetworkCommunities, 'communities'> & { communities: SentCommunity[] };

export interface CompetitorFigures {
  followers: AudienceEstimate;
  demographics: DemographicsPanel;
  interests: InterestsPanel;
  /** Followers shared with each other handle, by position (own position: 0); sample counts. */
  shared: number[];
}

/** The composition sections of an audience's daily digest (history.service.ts). */
export interface DigestComposition {
  interest: DigestSectionEntry;
  community: DigestSectionEntry;
  influential: DigestSectionEntry;
}

/**
 * Share of the members whose follows are read above which an account is listed in a point's
 * followed accounts (`FollowedTally`): the newcomer test's bound (history.service.ts).
 */
export const FOLLOWED_SHARE = 0.01;

/**
 * Members a daily digest reads the term rows of (its top interests) and the follows of (its
 * influential accounts and followed tally): uniform samples of the audience by a hash of the account
 * (insights/context.ts), the same accounts from day to day, bounded so that a point costs the same at
 * 40 000 members as at 400 000 (the insights report reads 50 000 and 25 000). The digest keeps each
 * section's `members` (the sample's size): its shares are estimates with the sampling model's
 * intervals, and the change tests and the newcomer bound are of those counts. At 5 000 the standard
 * error of a 20 % share is 0.57 points (a 5-point panel shift is ~6 standard errors of a difference),
 * of a 5 % newcomer 0.31 points against its 1 % floor; the size and field counts stay exact.
 */
export const DIGEST_SAMPLE = 10_000;
export const DIGEST_GRAPH_SAMPLE = 5_000;

/**
 * Every account followed by at least `floor` of the `members` whose follows were read: not stored in
 * the digest; history.service.ts keeps the latest per audience to find the next point's newcomers.
 */
export interface FollowedTally {
  members: number;
  floor: number;
  accounts: { id: string; handle: string; count: number }[];
}

/**
 * A partition of the network into communities as the digests count members in (history.service.ts
 * keeps one a week): each community known by its leader (the account most followed inside it).
 */
export interface DigestCommunity {
  value: string;
  label: string;
  members: SharedAccountSet;
}

/** The partition's communities of a `networkCommunities` answer. */
export const digestCommunitiesOf = (network: SentCommunities): DigestCommunity[] =>
  network.communities.map((c) => ({
    value: c.topAccounts[0]?.id ?? c.name,
    // Shown as "around @leader": shorter than its name of three terms, and as telling.
    label: c.topAccounts[0]?.handle ?? c.name,
    members: c.members,
  }));

/** What the `historyPoint` task measures (history.service.ts). */
export type HistoryMeasure = DigestComposition & {
  followed: FollowedTally;
  estimate: AudienceEstimate;
  counts: FieldCounts;
  /**
   * The members' X ids, distinct and in numeric order (member-ids.ts `byNumber`), as IdPairs where the
   * engine's ids are numeric; over the cap: their count.
   */
  members: { overCap: false; ids: MemberList } | { overCap: true; count: number };
};

/**
 * A partition's community per account (0: none, else its place + 1), made once a partition per
 * thread; null when two of its communities share an account (then no label can say both).
 */
interface CommunityLabels {
  key: string;
  labels: Uint32Array | null;
}
let communityLabels: CommunityLabels | undefined;

/**
 * What tells a partition apart: its communities' leaders, sizes and 8 words of each one's bitset
 * spread over it, in order (a partition is sent to a thread with each task, as a new object).
 */
const partitionKey = (communities: readonly DigestCommunity[]): string =>
  communities
    .map((c) => {
      const { bits } = c.members;
      const words = Array.from({ length: Math.min(8, bits.length) }, (_, i) =>
        bits[Math.floor((i * bits.length) / Math.min(8, bits.length))]!.toString(36),
      );
      return `${c.value}:${c.members.count}:${words.join('.')}`;
    })
    .join(',');

function labelsOf(communities: readonly DigestCommunity[]): Uint32Array | null {
  const labels = new Uint32Array(Math.max(0, ...communities.map((c) => c.members.size)));
  for (let i = 0; i < communities.length; i++) {
    const members = accountSetFromShared(communities[i]!.members).toArray();
    for (let k = 0; k < members.length; k++) {
      const n = members[k]!;
      if (labels[n] !== 0) return null;
      labels[n] = i + 1;
    }
  }
  return labels;
}

/**
 * Members of the audience in each community of the partition: one pass over the members reading
 * each one's community, instead of one intersection of bitsets per community (the same counts: a
 * partition's communities are disjoint; were they not, the intersections are counted).
 */
function communityCounts(
  engine: AudienceEngine,
  audience: Audience,
  communities: readonly DigestCommunity[],
): number[] {
  const key = partitionKey(communities);
  if (communityLabels?.key !== key) communityLabels = { key, labels: labelsOf(communities) };
  const { labels } = communityLabels;
  if (!labels) return communities.map((c) => engine.overlap(audience, accountSetFromShared(c.members)));
  const counts = new Uint32Array(communities.length + 1);
  const members = audience.accounts.toArray();
  const end = labels.length;
  for (let k = 0; k < members.length; k++) {
    const n = members[k]!;
    if (n < end) counts[labels[n]!]!++;
  }
  return Array.from(counts.subarray(1));
}

/**
 * The composition of an audience's daily point (docs/API-AUDIENCES.md "History"), from the engine's
 * own panels: its top interests and influential accounts (the insights panels, `DIGEST_VALUES` of
 * each, without their "distinctive" rankings, which the digest does not keep) and its members in
 * each community of a partition of the network (the communities screens' Louvain communities, one
 * partition kept a week by the caller: Louvain finds other communities whenever the live index
 * moves; the audience's own communities would cost a Louvain run per audience and have no identity
 * from day to day).
 */
function compositionOf(
  engine: AudienceEngine,
  audience: Audience,
  communities: readonly DigestCommunity[],
): DigestComposition & { followed: FollowedTally } {
  const { interests, influentialAccounts } = engine.explore.panels(
    audience,
    ['interests', 'influentialAccounts'],
    {
      top: DIGEST_VALUES,
      followedShare: FOLLOWED_SHARE,
      distinctive: false,
      sampleSize: DIGEST_SAMPLE,
      graphSampleSize: DIGEST_GRAPH_SAMPLE,
    },
  );
  const counts = communityCounts(engine, audience, communities);
  const inCommunities = communities
    .map((c, i) => ({ value: c.value, label: c.label, count: counts[i]! }))
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return {
    // Ranked lists: a value missing from one was below its last (`complete: false`).
    interest: {
      members: interests.basis.analysed,
      // Interests are known by their names (unique in the taxonomy): no label to repeat.
      values: interests.interests.map(({ label, count }) => ({ value: label, count })),
      complete: false,
    },
    influential: {
      members: influentialAccounts.basis.analysed,
      values: influentialAccounts.accounts.map((a) => ({ value: a.id, label: a.handle, count: a.count })),
      complete: false,
    },
    // Every community is counted: the members placed in one are what the shares are of.
    community: {
      members: inCommunities.reduce((sum, c) => sum + c.count, 0),
      values: inCommunities.slice(0, DIGEST_VALUES),
      complete: inCommunities.length <= DIGEST_VALUES,
    },
    followed: {
      members: influentialAccounts.basis.analysed,
      floor: influentialAccounts.followed?.floor ?? 0,
      accounts: influentialAccounts.followed?.accounts ?? [],
    },
  };
}

const estimateOf = ({ accounts: _accounts, ...estimate }: ReturnType<AudienceEngine['evaluate']>) => estimate;

/** The audience and baseline of an insights task, evaluated on `engine`. */
export function insightsAudiences(
  engine: AudienceEngine,
  input: InsightsInput,
  report: ReportStage,
): { audience: Audience; baseline: AccountSet | undefined } {
  report(5, 'Finding the audience');
  const audience = engine.evaluate(input.pkg, { exclusions: input.exclusions ?? [] });
  const baseline = input.baseline ? setOf(audienceOf(engine, input.baseline)) : undefined;
  report(20, 'Analysing members, interests and communities');
  return { audience, baseline };
}

/**
 * The insights task's reply: the report with the audience's estimate and the baseline's count
 * (without a baseline, `accounts`: the indexed accounts of the version the report read).
 */
export const insightsReply = (
  accounts: number,
  audience: Audience,
  baseline: AccountSet | undefined,
  insights: AudienceInsights,
) => ({
  insights,
  estimate: estimateOf(audience),
  baselineCount: baseline?.count ?? accounts,
});

const handlePackage = (handle: string) => targetingPackageSchema.parse({ handles: [{ handle }] });

/**
 * The heavy engine work, as plain functions of an `AudienceEngine` and structured-cloneable inputs
 * and outputs: engine-work.ts runs them in the worker pool (engine-worker.ts) or, with
 * ENGINE_WORKERS=0, on this thread. Packages travel where they can (each task evaluates them where
 * it runs, milliseconds beside the panels); sets found otherwise travel as shared bitsets.
 */
export const engineTasks = {
  /**
   * Every insights panel of an audience, with its estimate; against the baseline's accounts when one
   * is given (`baselineCount`: its sample count), else the whole network (the indexed accounts).
   */
  insights(
    engine: AudienceEngine,
    input: InsightsInput,
    report: ReportStage,
  ): { insights: AudienceInsights; estimate: AudienceEstimate; baselineCount: number } {
    const { audience, baseline } = insightsAudiences(engine, input, report);
    return insightsReply(
      engine.stats.accounts,
      audience,
      baseline,
      engine.insights(audience, undefined, baseline),
    );
  },

  /** Some panels of an audience (handle and description analysis, suggestions, a community). */
  panels(
    engine: AudienceEngine,
    input: {
      audience: AudienceInput | MembersInput;
      names: PanelName[];
      options?: InsightsOptions | undefined;
    },
    report: ReportStage,
  ): Partial<AudienceInsights> {
    const audience = audienceOf(engine, input.audience);
    report(20, 'Analysing the audience');
    return engine.explore.panels(audience, input.names, input.options);
  },

  /** Two audiences compared (overlap and differences). */
  compare(engine: AudienceEngine, input: { a: AudienceInput; b: AudienceInput }, report: ReportStage) {
    report(5, 'Finding both audiences');
    const a = engine.evaluate(input.a.pkg, { exclusions: input.a.exclusions ?? [] });
    const b = engine.evaluate(input.b.pkg, { exclusions: input.b.exclusions ?? [] });
    report(40, 'Comparing the audiences');
    return engine.compare(a, b);
  },

  /**
   * The overlap of 2–50 audiences, summarised here (the largest `combinations`, the reach
   * plan over all of them) so that only the summary crosses back from the worker.
   */
  overlap(
    engine: AudienceEngine,
    input: { audiences: AudienceInput[]; combinations: number },
    report: ReportStage,
  ): OverlapSummary {
    report(5, 'Finding the audiences');
    const sets = input.audiences.map((a) => engine.evaluate(a.pkg, { exclusions: a.exclusions ?? [] }));
    report(40, 'Counting every combination of audiences');
    return summariseOverlap(engine.overlapMany(sets), input.combinations);
  },

  /** SPEC §7 competitor analysis: each handle's followers, their panels and the followers shared. */
  competitors(
    engine: AudienceEngine,
    input: { handles: string[] },
    report: ReportStage,
  ): CompetitorFigures[] {
    const followers = input.handles.map((h) => engine.evaluate(handlePackage(h)));
    return input.handles.map((handle, i) => {
      report(5 + (90 * i) / input.handles.length, `Analysing @${handle}`);
      const panels = engine.explore.panels(followers[i]!, ['demographics', 'interests']);
      return {
        followers: estimateOf(followers[i]!),
        demographics: panels.demographics,
        interests: panels.interests,
        shared: followers.map((other, j) => (j === i ? 0 : engine.overlap(followers[i]!, other))),
      };
    });
  },

  /** Louvain communities of the whole network (the communities screens), computed once per thread. */
  networkCommunities(engine: AudienceEngine, _input: null, report: ReportStage): SentCommunities {
    report(5, "Finding the network's communities");
    const network = engine.explore.communities();
    return {
      ...network,
      communities: network.communities.map((c) => ({ ...c, members: toSharedAccountSet(c.members) })),
    };
  },

  /**
   * Members of each community of a partition found earlier, among every account of the index as it
   * is now (a live engine's current version): the communities' membership growth.
   */
  communityCensus(engine: AudienceEngine, input: CommunityPartition, _report: ReportStage): CommunityCensus {
    return engine.explore.communityCensus(input);
  },

  /** The size of an audience (the asynchronous interface's estimate, engine-async.ts). */
  estimate(engine: AudienceEngine, input: AudienceQuery, _report: ReportStage): AudienceEstimate {
    return engine.estimate(input.pkg, { exclusions: input.exclusions ?? [] });
  },

  /** Member and population counts of single-valued fields (the member panels' mergeable form). */
  fieldCounts(
    engine: AudienceEngine,
    input: { audience: AudienceQuery; fields?: readonly CategoricalField[] | undefined },
    _report: ReportStage,
  ): FieldCounts {
    const { pkg, exclusions } = input.audience;
    return engine.fieldCounts(engine.evaluate(pkg, { exclusions: exclusions ?? [] }), input.fields);
  },

  /** Autocomplete suggestions. */
  lookup(
    engine: AudienceEngine,
    input: { field: LookupField; q: string; limit?: number | undefined },
    _report: ReportStage,
  ): LookupResult[] {
    return engine.lookup(input.field, input.q, input.limit);
  },

  /** The composition sections of an audience's daily digest (`compositionOf`). */
  digestComposition(
    engine: AudienceEngine,
    input: AudienceInput & { communities: DigestCommunity[] },
    _report: ReportStage,
  ): DigestComposition & { followed: FollowedTally } {
    const audience = engine.evaluate(input.pkg, { exclusions: input.exclusions ?? [] });
    return compositionOf(engine, audience, input.communities);
  },

  /**
   * Everything a history point measures of an audience, from one evaluation of its package: the
   * estimate, the digest's field counts, its composition (`digestComposition`) and its members' X ids
   * in numeric order (none above `memberCap` indexed members: then their count alone).
   */
  historyPoint(
    engine: AudienceEngine,
    input: AudienceInput & {
      communities: DigestCommunity[];
      fields: readonly CategoricalField[];
      memberCap: number;
    },
    _report: ReportStage,
  ): HistoryMeasure {
    const audience = engine.evaluate(input.pkg, { exclusions: input.exclusions ?? [] });
    return {
      estimate: estimateOf(audience),
      counts: engine.fieldCounts(audience, input.fields),
      ...compositionOf(engine, audience, input.communities),
      members:
        audience.sampleCount > input.memberCap
          ? { overCap: true, count: audience.sampleCount }
          : {
              overCap: false,
              ids: memberPairs(engine, audience.accounts) ?? memberIds(engine, audience.accounts),
            },
    };
  },

  /**
   * A lookalike of a seed (src/lookalike/ of the engine): held-out recall per size beside the
   * baseline, the model's features and sampled accounts with reasons; not the ranking itself.
   */
  lookalike(engine: AudienceEngine, input: LookalikeInput, report: ReportStage): Omit<Lookalike, 'ranked'> {
    report(10, 'Fitting the model on 80 % of the seed and ranking the rest');
    const { ranked: _ranked, ...result } = lookalikeOf(engine, input, true);
    return result;
  },

  /** The members of a lookalike at one size (fitted on the whole seed), for saving it as an audience. */
  lookalikeMembers(
    engine: AudienceEngine,
    input: LookalikeInput & { sizes: [LookalikePercent] },
    _report: ReportStage,
  ): Uint32Array {
    const result = lookalikeOf(engine, input, false);
    return result.ranked.slice(0, result.sizes[0]?.count ?? 0);
  },

  /** Which thread answers (tests and the pool's warm-up): 0 is the main thread. */
  thread(_engine: AudienceEngine, _input: null, _report: ReportStage): { threadId: number } {
    return { threadId };
  },
};

export type EngineTasks = typeof engineTasks;
export type TaskName = keyof EngineTasks;
export type TaskInput<K extends TaskName> = Parameters<EngineTasks[K]>[1];
export type TaskOutput<K extends TaskName> = ReturnType<EngineTasks[K]>;
