import { threadId } from 'node:worker_threads';
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
  type LiveAudienceEngine,
  type LiveStats,
  summariseOverlap,
  type OverlapSummary,
} from '@murmur/engine';
import {
  compositionOf,
  type DigestCommunity,
  type DigestComposition,
  type FollowedTally,
  type HistoryMeasure,
} from './digest-composition';
import { pointMembers, type MembersSince } from './member-carry';

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
   * in numeric order (none above `memberCap` indexed members: then their count alone). `carry`: the
   * audience's key, under which the thread keeps the influential panel's follow tally and the
   * interests' term counts for its next point (`compositionOf`).
   */
  historyPoint(
    engine: AudienceEngine,
    input: AudienceInput & {
      communities: DigestCommunity[];
      fields: readonly CategoricalField[];
      memberCap: number;
      carry?: string | undefined;
      /** Whether this thread keeps the members for the next point (member-carry.ts): when it is the only one. */
      keepMembers?: boolean | undefined;
      /** The audience's set before, as this thread may keep it (member-carry.ts). */
      membersSince?: MembersSince | undefined;
    },
    _report: ReportStage,
  ): HistoryMeasure {
    const audience = engine.evaluate(input.pkg, { exclusions: input.exclusions ?? [] });
    return {
      estimate: estimateOf(audience),
      counts: engine.fieldCounts(audience, input.fields),
      ...compositionOf(engine, audience, input.communities, input.carry),
      members: pointMembers(
        engine,
        audience,
        input.keepMembers ? (input.carry ?? '') : '',
        input.membersSince,
        input.memberCap,
      ),
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

  /**
   * Which thread answers (tests and the pool's warm-up): 0 is the main thread. A live engine's
   * thread also says its `liveStats` (the reports thread's compactions, benches and tests).
   */
  thread(engine: AudienceEngine, _input: null, _report: ReportStage): { threadId: number; live?: LiveStats } {
    const live = 'liveStats' in engine ? (engine as LiveAudienceEngine).liveStats() : undefined;
    return { threadId, ...(live && { live }) };
  },
};

export type EngineTasks = typeof engineTasks;
export type TaskName = keyof EngineTasks;
export type TaskInput<K extends TaskName> = Parameters<EngineTasks[K]>[1];
export type TaskOutput<K extends TaskName> = ReturnType<EngineTasks[K]>;
