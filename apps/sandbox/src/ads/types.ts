import type { TargetingType } from './audience/targeting-types';

/**
 * The sandbox ads platform's entities, as stored in memory. Times are Unix seconds; money is in
 * micro-units of the account's currency (X's `*_local_micro`: 1 000 000 = one dollar, euro, yen…).
 */

export type EntityStatus = 'ACTIVE' | 'PAUSED' | 'DRAFT';
export type OperatorType = 'EQ' | 'NE';
export type Placement =
  'ALL_ON_TWITTER' | 'TWITTER_TIMELINE' | 'TWITTER_PROFILE' | 'TWITTER_SEARCH' | 'TWITTER_REPLIES';
export type Objective =
  'AWARENESS' | 'REACH' | 'ENGAGEMENTS' | 'WEBSITE_CLICKS' | 'FOLLOWERS' | 'VIDEO_VIEWS';
export type BidStrategy = 'AUTO' | 'MAX' | 'TARGET';

/**
 * A change log: the value from `at` on, until the next revision. The delivery simulation reads the
 * configuration that was in force at each simulated hour, so pausing or editing a campaign changes
 * what happens next and never rewrites what it already delivered.
 */
export interface Revision<T> {
  at: number;
  value: T;
}

export interface AdAccount {
  id: string;
  /** Account number of the owning sandbox user (network.accounts index). */
  owner: number;
  name: string;
  currency: string;
  createdAt: number;
  updatedAt: number;
  deleted: boolean;
}

export interface FundingInstrument {
  id: string;
  accountId: string;
  currency: string;
  description: string;
  createdAt: number;
}

export interface CampaignConfig {
  name: string;
  fundingInstrumentId: string;
  dailyBudgetMicro: number;
  totalBudgetMicro: number | null;
  startTime: number | null;
  endTime: number | null;
  entityStatus: EntityStatus;
  /** X's standard_delivery: true paces the daily budget over the day, false spends it as fast as it can. */
  standardDelivery: boolean;
  deleted: boolean;
}

export interface LineItemConfig {
  campaignId: string;
  name: string;
  objective: Objective;
  placements: Placement[];
  productType: 'PROMOTED_TWEETS';
  bidStrategy: BidStrategy;
  bidAmountMicro: number | null;
  goal: string;
  payBy: string;
  startTime: number | null;
  endTime: number | null;
  entityStatus: EntityStatus;
  totalBudgetMicro: number | null;
  deleted: boolean;
}

export interface Revisioned<T> {
  id: string;
  accountId: string;
  createdAt: number;
  revisions: Revision<T>[];
}

export type Campaign = Revisioned<CampaignConfig>;
export type LineItem = Revisioned<LineItemConfig>;

export interface PromotedTweet {
  id: string;
  accountId: string;
  lineItemId: string;
  tweetId: string;
  entityStatus: EntityStatus;
  createdAt: number;
  updatedAt: number;
  /** When it was deleted (it stops delivering from then on), or null. */
  deletedAt: number | null;
}

export interface MediaItem {
  /** The media_key ("3_1518…"), which is how X's media library addresses an item. */
  id: string;
  accountId: string;
  mediaUrl: string;
  mediaType: 'IMAGE' | 'GIF' | 'VIDEO';
  mediaCategory: string;
  name: string | null;
  description: string | null;
  title: string | null;
  fileName: string | null;
  createdAt: number;
  updatedAt: number;
  deleted: boolean;
}

export interface TargetingRecord {
  id: string;
  accountId: string;
  lineItemId: string;
  targetingType: TargetingType;
  targetingValue: string;
  operatorType: OperatorType;
  name: string;
  locationType: string | null;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
}

/** One matched sandbox account's membership window in a custom audience. */
export interface Membership {
  from: number;
  until: number;
}

export interface CustomAudience {
  id: string;
  accountId: string;
  name: string;
  description: string;
  createdAt: number;
  updatedAt: number;
  deleted: boolean;
  /** Matched sandbox account number → membership window. */
  members: Map<number, Membership>;
  /** Processing of the latest upload ends here; the audience is not targetable before. */
  processingUntil: number;
}
