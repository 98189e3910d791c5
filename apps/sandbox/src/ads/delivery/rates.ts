import type { Objective, Placement } from '../types';

/** Per impression, before objective and noise. */
export interface EngagementRates {
  likes: number;
  retweets: number;
  replies: number;
  follows: number;
  urlClicks: number;
  /** Profile, media, hashtag and detail clicks: part of `clicks`, not of `url_clicks`. */
  otherClicks: number;
}

export type RateName = keyof EngagementRates;

interface PlacementModel {
  /** Share of an advertiser's possible impressions that this placement offers. */
  share: number;
  rates: EngagementRates;
}

/**
 * Placement benchmarks: the home timeline carries most impressions; search has the intent, so the
 * best click-through; profiles earn follows; replies engage least. Rates are in the range public X
 * benchmarks quote (engagement rate 1–2 %, link CTR 0.3–1.2 %).
 */
// prettier-ignore
const PLACEMENTS: Readonly<Record<Exclude<Placement, 'ALL_ON_TWITTER'>, PlacementModel>> = {
  TWITTER_TIMELINE: { share: 0.74, rates: { likes: 0.0045, retweets: 0.0006, replies: 0.0003, follows: 0.0002, urlClicks: 0.007, otherClicks: 0.005 } },
  TWITTER_SEARCH: { share: 0.08, rates: { likes: 0.0035, retweets: 0.0005, replies: 0.0002, follows: 0.0003, urlClicks: 0.012, otherClicks: 0.006 } },
  TWITTER_PROFILE: { share: 0.11, rates: { likes: 0.003, retweets: 0.0004, replies: 0.0002, follows: 0.0006, urlClicks: 0.005, otherClicks: 0.007 } },
  TWITTER_REPLIES: { share: 0.07, rates: { likes: 0.0025, retweets: 0.0002, replies: 0.0004, follows: 0.0001, urlClicks: 0.003, otherClicks: 0.003 } },
};

const RATE_NAMES: readonly RateName[] = [
  'likes',
  'retweets',
  'replies',
  'follows',
  'urlClicks',
  'otherClicks',
];

/** Supply share and share-weighted rates of a line item's placements. */
export function placementMix(placements: readonly Placement[]): { share: number; rates: EngagementRates } {
  const chosen = placements.includes('ALL_ON_TWITTER')
    ? Object.values(PLACEMENTS)
    : placements.map((p) => PLACEMENTS[p as Exclude<Placement, 'ALL_ON_TWITTER'>]);
  const share = chosen.reduce((s, p) => s + p.share, 0);
  const rates = Object.fromEntries(
    RATE_NAMES.map((name) => [name, chosen.reduce((s, p) => s + p.share * p.rates[name], 0) / share]),
  ) as unknown as EngagementRates;
  return { share, rates };
}

/** The line item's optimisation lifts the events it optimises for. */
// prettier-ignore
export const OBJECTIVE_LIFT: Readonly<Record<Objective, Partial<EngagementRates>>> = {
  AWARENESS: { likes: 0.9, retweets: 0.9, replies: 0.9, urlClicks: 0.8, otherClicks: 0.9 },
  REACH: { likes: 0.9, retweets: 0.9, replies: 0.9, urlClicks: 0.8, otherClicks: 0.9 },
  ENGAGEMENTS: { likes: 1.35, retweets: 1.35, replies: 1.35, otherClicks: 1.2 },
  WEBSITE_CLICKS: { urlClicks: 1.6 },
  FOLLOWERS: { follows: 6 },
  VIDEO_VIEWS: { otherClicks: 1.1 },
};
