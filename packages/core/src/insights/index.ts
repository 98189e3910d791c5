import type { SizeBucket } from '../targeting';

// The shapes of the audience engine's output (camelCase): what engine.insights() and engine.compare()
// return, the server passes through and the web app draws. Types only: no schemas, no code. The
// engine (packages/engine/src/insights/) computes them; the web app imports them from here, because
// it may not import @murmur/engine.
//
// `AccountSummary` here is an account as the panels list it; @murmur/core/api has another one (the
// snake_case account of the explore and handle endpoints). The two are unrelated.

/**
 * One value of a panel: how many analysed members have it, their share, the population's share
 * and the affinity (share in audience / share in population, ARCHITECTURE §3). Affinity is null
 * when the population has none of it (cannot happen for values drawn from the population).
 */
export interface Share {
  key: string;
  label: string;
  /** Members counted with this value (n): of the panel's basis.analysed. */
  count: number;
  share: number;
  /** 95 % interval of `share` (Wilson score interval over the analysed members). */
  shareInterval: [number, number];
  /** Share of the baseline (the whole network unless the report names another). */
  populationShare: number;
  affinity: number | null;
  /** 95 % interval of `affinity`: the share's interval over the baseline share. */
  affinityInterval: [number, number] | null;
}

/** Which members a panel's counts cover: all of them, or a uniform sample (said so here). */
export interface Basis {
  /** Audience members (sampleCount). */
  members: number;
  /** Members counted for this panel. */
  analysed: number;
  sampled: boolean;
  /**
   * Fewest members an item must be counted for to be listed (smaller cells are hidden: their share
   * says nothing); "distinctive" items also need a share interval above the baseline's share.
   */
  minSupport: number;
}

/** An account as panels list it. */
export interface AccountSummary {
  account: number;
  id: string;
  handle: string;
  name: string;
  followers: number;
  verified: boolean;
}

/** A post as the content wall and engagement panels show it. Text is '' if it was not kept. */
export interface PostSummary {
  post: number;
  id: string;
  at: string;
  text: string;
  author: AccountSummary;
  likes: number;
  reposts: number;
  replies: number;
}

export interface SummaryPanel {
  sampleCount: number;
  populationEstimate: number;
  sizeBucket: SizeBucket;
  /** Share of the population in the audience. */
  reach: number;
  verifiedShare: number;
  /** Median followers of a member (over the analysed sample). */
  medianFollowers: number;
  /** Members' posts in the export's window. */
  posts: number;
}

export interface DemographicsPanel {
  basis: Basis;
  gender: Share[];
  /** The export's age bands, youngest first. */
  ageBands: Share[];
  languages: Share[];
  countries: Share[];
  regions: Share[];
}

export interface AgeGroupsPanel {
  basis: Basis;
  /** SPEC §3's 15 age bands (13-24 … 35-54); they overlap, so shares do not add up to 1. */
  bands: Share[];
  /** SPEC §3's minimum ages (AGE_OVER_13 … AGE_OVER_50). */
  over: Share[];
  /** Members without an inferred age. */
  unknown: number;
}

export interface InterestsPanel {
  basis: Basis;
  interests: Share[];
  /**
   * The interests most over-represented against the population: held by ≥ 1 % of members and at
   * least basis.minSupport, with a share interval above the population's share; ranked by the lower
   * end of the affinity interval.
   */
  distinctive: Share[];
}

/** Conversation topics and movies/TV the members follow (profile terms, SPEC §3). */
export interface ConversationTopicsPanel {
  basis: Basis;
  topics: Share[];
  moviesTv: Share[];
}

/** Words in bio: the commonest bio words and the most distinctive ones (stopwords removed). */
export interface WordsPanel {
  basis: Basis;
  words: Share[];
  distinctive: Share[];
}

/** Topic analysis: hashtags and words of the members' posts (share of members who used them). */
export interface TopicAnalysisPanel {
  basis: Basis;
  hashtags: Share[];
  terms: Share[];
  distinctiveTerms: Share[];
}

export interface InfluentialAccount extends AccountSummary {
  /** Members following it, estimated for the whole audience from the graph sample. */
  followersInAudience: number;
  /** Sampled members who follow it (n, of basis.analysed). */
  count: number;
  /** Share of sampled members who follow it. */
  share: number;
  /** 95 % interval of `share` (Wilson). */
  shareInterval: [number, number];
  /** Share of the population who follow it. */
  populationShare: number;
  affinity: number | null;
  affinityInterval: [number, number] | null;
  inAudience: boolean;
}

/** Influential accounts: who the audience follows most, against who everyone follows. */
export interface InfluentialPanel {
  basis: Basis;
  /** Most followed by the audience. */
  accounts: InfluentialAccount[];
  /**
   * Followed far more inside the audience than outside (by ≥ 0.5 % of members and the minimum
   * support, with a share interval above the population's), by the lower end of the affinity interval.
   */
  distinctive: InfluentialAccount[];
  /**
   * Asked for (InsightsOptions.followedShare): every account followed by at least `floor` of the
   * members whose follows are read (`basis.analysed`), by X id with its handle and count.
   */
  followed?: { floor: number; accounts: { id: string; handle: string; count: number }[] };
}

export interface Community {
  /** Position in the panel (network nodes refer to it). */
  id: number;
  name: string;
  /** Estimated members in the whole audience. */
  size: number;
  /** Share of sampled members in it. */
  share: number;
  /** Members of it among the Louvain nodes. */
  coreSize: number;
  interests: Share[];
  words: Share[];
  topAccounts: (AccountSummary & { followersInCommunity: number })[];
}

/** Communities of the audience, largest first, each named by its most distinctive terms. */
export interface CommunitiesPanel {
  basis: Basis;
  /** Louvain ran on this many members (the most followed inside the audience) … */
  nodes: number;
  /** … and the follow edges among them. */
  edges: number;
  modularity: number;
  communities: Community[];
  /** Share of sampled members outside the listed communities. */
  otherShare: number;
}

export interface NetworkNode extends AccountSummary {
  /** Position in the communities panel; -1 when its community is not listed. */
  community: number;
  /** Followers among the Louvain nodes. */
  followersInCore: number;
}

/** The audience's top accounts and the follows between them, ready for a force layout. */
export interface NetworkPanel {
  nodes: NetworkNode[];
  /** Follow edges between listed nodes, as indexes into `nodes`: [follower, followed]. */
  edges: [number, number][];
}

export interface ContentWallPanel {
  /**
   * The members' posts with the most engagement (likes + reposts + replies) relative to the
   * author's reach (per follower, 100 followers at least), each with at least 5 interactions.
   */
  posts: PostSummary[];
  /** Most posts listed from one author. */
  perAuthor: number;
  /** Fewest interactions a listed post has (the minimum support). */
  minEngagement: number;
}

/** Locations for a map: all countries, the top 100 regions and top 50 cities, over every member. */
export interface LocationsPanel {
  basis: Basis;
  /** Every country with members (keys are ISO 3166-1 alpha-2, for the map). */
  countries: Share[];
  /** Regions keyed "Region, CC". */
  regions: Share[];
  cities: Share[];
}

export interface JobCategoryShare extends Share {
  titles: Share[];
}

/** Job titles grouped by category, over every member. */
export interface JobTitlesPanel {
  basis: Basis;
  /** SPEC §3's job-title tree: categories by member count, each with its titles. */
  categories: JobCategoryShare[];
  /** Members with a job title. */
  withTitle: number;
}

export interface DevicesPanel {
  basis: Basis;
  devices: Share[];
  networkOperators: Share[];
}

/** A member picked at random (a fixed pseudo-random walk, so the panel is stable). */
export interface SampleAccount extends AccountSummary {
  bio: string;
  country: string;
  language: string;
}

export interface EngagedPost extends PostSummary {
  /** Sampled members who engaged with it (like or repost, per list). */
  byAudience: number;
}

export interface EngagedAccount extends AccountSummary {
  byAudience: number;
}

/**
 * Most liked and most reposted posts and accounts — by the audience: what its members liked and
 * reposted, whoever wrote it (the content wall shows the members' own posts).
 */
export interface EngagementPanel {
  basis: Basis;
  mostLikedPosts: EngagedPost[];
  mostLikedAccounts: EngagedAccount[];
  mostRepostedPosts: EngagedPost[];
  mostRepostedAccounts: EngagedAccount[];
}

/** Every insights panel of one audience (SPEC §1's list), each against the population. */
export interface AudienceInsights {
  summary: SummaryPanel;
  demographics: DemographicsPanel;
  ageGroups: AgeGroupsPanel;
  interests: InterestsPanel;
  conversationTopics: ConversationTopicsPanel;
  influentialAccounts: InfluentialPanel;
  communities: CommunitiesPanel;
  network: NetworkPanel;
  topicAnalysis: TopicAnalysisPanel;
  contentWall: ContentWallPanel;
  locations: LocationsPanel;
  bioWords: WordsPanel;
  jobTitles: JobTitlesPanel;
  devices: DevicesPanel;
  sampleAccounts: SampleAccount[];
  engagement: EngagementPanel;
  /** Milliseconds spent. */
  ms: number;
}

/** One value on which two audiences differ. */
export interface Difference {
  dimension: string;
  key: string;
  label: string;
  shareA: number;
  shareB: number;
  /** shareA − shareB. */
  difference: number;
}

/** Overlap of two audiences and where they differ most (gender, age, language, country, interests). */
export interface AudienceComparison {
  sizeA: number;
  sizeB: number;
  overlap: number;
  /** Share of A also in B, and of B also in A. */
  shareOfAInB: number;
  shareOfBInA: number;
  jaccard: number;
  /** The largest differences over all dimensions, biggest first. */
  differences: Difference[];
  byDimension: Record<string, Difference[]>;
}
