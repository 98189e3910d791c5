// The count panels of insights over shards: every panel that round trip 2 of merge-insights.ts
// (the shards' partials) and the baseline's counts settle alone — the summary, demographics,
// interests, topics, locations, bio words, job titles and devices. Counts add up over the shards,
// so these equal the single engine's exactly (shares and affinities are computed from the sums).
import type { AudienceInsights, Basis } from '@murmur/core/insights';
import { sizeBucketOf } from '../evaluate/size-bucket';
import type { MergedBaseline } from './merge-baseline';
import type { MergedDictionary } from './merged-dictionary';
import type { InsightsPartial, ResolvedInsightsOptions } from './shard-insights';

export type CountPanels = Pick<
  AudienceInsights,
  | 'summary'
  | 'demographics'
  | 'ageGroups'
  | 'interests'
  | 'conversationTopics'
  | 'topicAnalysis'
  | 'locations'
  | 'bioWords'
  | 'jobTitles'
  | 'devices'
>;

/** The shards' partials of one audience added up, in the merged dictionary's term ids. */
export interface SummedPartials {
  /** Single-valued fields, over every member. */
  categorical: Uint32Array;
  /** Profile terms, over the analysed sample. */
  profile: Uint32Array;
  /** Post terms, over the analysed sample. */
  posts: Uint32Array;
  /** Members in the analysed sample. */
  analysed: number;
}

/** Sums the shards' partials (an audience's, or a chosen baseline's in merge-baseline.ts). */
export function sumPartials(d: MergedDictionary, partials: readonly InsightsPartial[]): SummedPartials {
  const summed: SummedPartials = {
    categorical: new Uint32Array(d.size),
    profile: new Uint32Array(d.size),
    posts: new Uint32Array(d.size),
    analysed: 0,
  };
  partials.forEach((p, s) => {
    d.add(summed.categorical, s, p.categorical);
    d.add(summed.profile, s, p.profile);
    d.add(summed.posts, s, p.posts);
    summed.analysed += p.analysed;
  });
  return summed;
}

/**
 * The count panels of an audience of `M` members from the shards' partials, against `reference`;
 * `scale`: accounts on X per indexed account (the summary's population estimate).
 */
export function mergeCountPanels(
  d: MergedDictionary,
  partials: readonly InsightsPartial[],
  reference: MergedBaseline,
  M: number,
  scale: number,
  options: ResolvedInsightsOptions,
): CountPanels {
  const { top, minSupport } = options;
  const { categorical, profile, posts: postTerms, analysed: A } = sumPartials(d, partials);
  const allBasis: Basis = { members: M, analysed: M, sampled: false, minSupport };
  const sampleBasis: Basis = { members: M, analysed: A, sampled: A < M, minSupport };

  const verified = partials.reduce((sum, p) => sum + p.verified, 0);
  const followerValues = Float64Array.from(partials.flatMap((p) => p.followers)).sort();
  const populationEstimate = Math.round(M * scale);
  const categoryOf = new Map<number, [member: number, category: number]>();
  partials.forEach((p, s) => {
    const [titles, firstMember, category] = p.jobs;
    titles.forEach((t, i) => {
      const title = d.globalOf[s]![t]!;
      const known = categoryOf.get(title);
      if (!known || firstMember[i]! < known[0])
        categoryOf.set(title, [firstMember[i]!, d.globalOf[s]![category[i]!]!]);
    });
  });
  const titles = d.top('job', categorical, M, Number.MAX_SAFE_INTEGER, options.minSupport, reference.members);

  return {
    summary: {
      sampleCount: M,
      populationEstimate,
      sizeBucket: sizeBucketOf(populationEstimate),
      reach: d.population > 0 ? M / d.population : 0,
      verifiedShare: M > 0 ? verified / M : 0,
      medianFollowers: followerValues.length > 0 ? followerValues[followerValues.length >>> 1]! : 0,
      posts: partials.reduce((sum, p) => sum + p.postCount, 0),
    },
    demographics: {
      basis: allBasis,
      gender: d.top('gender', categorical, M, 3, options.minSupport, reference.members),
      ageBands: d.ageBands(categorical, M, reference.members),
      languages: d.top('language', categorical, M, top, options.minSupport, reference.members),
      countries: d.top('country', categorical, M, top, options.minSupport, reference.members),
      regions: d.top('region', categorical, M, top, options.minSupport, reference.members),
    },
    ageGroups: { basis: allBasis, ...d.ageGroups(categorical, M, reference.members) },
    interests: {
      basis: sampleBasis,
      interests: d.top('interest', profile, A, top, options.minSupport, reference.profile),
      distinctive: d.distinctive('interest', profile, A, top, options.minSupport, reference.profile),
    },
    conversationTopics: {
      basis: sampleBasis,
      topics: d.top('topic', profile, A, top, options.minSupport, reference.profile),
      moviesTv: d.top('movie', profile, A, top, options.minSupport, reference.profile),
    },
    topicAnalysis: {
      basis: sampleBasis,
      hashtags: d.top('hashtag', postTerms, A, top, options.minSupport, reference.posts),
      terms: d.top('postWord', postTerms, A, top * 2, options.minSupport, reference.posts),
      distinctiveTerms: d.distinctive('postWord', postTerms, A, top * 2, options.minSupport, reference.posts),
    },
    locations: {
      basis: allBasis,
      countries: d.top('country', categorical, M, 300, options.minSupport, reference.members),
      regions: d.top('region', categorical, M, 100, options.minSupport, reference.members),
      cities: d.top('city', categorical, M, 50, options.minSupport, reference.members),
    },
    bioWords: {
      basis: sampleBasis,
      words: d.top('bioWord', profile, A, top * 2, options.minSupport, reference.profile),
      distinctive: d.distinctive('bioWord', profile, A, top * 2, options.minSupport, reference.profile),
    },
    jobTitles: {
      basis: allBasis,
      withTitle: partials.reduce((sum, p) => sum + p.withTitle, 0),
      categories: d
        .top('jobCategory', categorical, M, Number.MAX_SAFE_INTEGER, options.minSupport, reference.members)
        .map((c) => ({
          ...c,
          titles: titles.filter((t) => {
            const term = d.find('job', t.key);
            const cat = term === undefined ? undefined : categoryOf.get(term)?.[1];
            return cat !== undefined && d.values[cat] === c.key;
          }),
        })),
    },
    devices: {
      basis: allBasis,
      devices: d.top('device', categorical, M, top, options.minSupport, reference.members),
      networkOperators: d.top('operator', categorical, M, top, options.minSupport, reference.members),
    },
  };
}
