import type { Objective } from '../types';

/** What the advertiser pays for (X's pay_by); impressions are priced per thousand. */
export type BillingUnit = 'IMPRESSION' | 'ENGAGEMENT' | 'LINK_CLICK' | 'FOLLOW' | 'VIEW';

export interface ObjectiveModel {
  unit: BillingUnit;
  goals: readonly string[];
  /** Typical winning price in US dollars per unit (per 1 000 for impressions), from public benchmarks. */
  priceUsd: number;
}

export const OBJECTIVES: Readonly<Record<Objective, ObjectiveModel>> = {
  AWARENESS: { unit: 'IMPRESSION', goals: ['MAX_REACH'], priceUsd: 6 },
  REACH: { unit: 'IMPRESSION', goals: ['MAX_REACH'], priceUsd: 5 },
  ENGAGEMENTS: { unit: 'ENGAGEMENT', goals: ['ENGAGEMENT'], priceUsd: 0.45 },
  WEBSITE_CLICKS: { unit: 'LINK_CLICK', goals: ['LINK_CLICKS', 'SITE_VISITS'], priceUsd: 0.75 },
  FOLLOWERS: { unit: 'FOLLOW', goals: ['FOLLOWERS'], priceUsd: 2.5 },
  VIDEO_VIEWS: { unit: 'VIEW', goals: ['VIEW_3S_100PCT', 'VIEW_6S', 'VIEW_15S'], priceUsd: 0.04 },
};

export const OBJECTIVE_NAMES = Object.keys(OBJECTIVES) as Objective[];

/** Views per impression for video line items (billing only; the VIDEO metric group is not simulated). */
export const VIEW_RATE = 0.12;

/**
 * Auction outcome for one hour: the share of eligible impressions won and the price paid per unit.
 * AUTO bids win about half at the market price; a maximum bid wins more the further it sits above
 * the market (r²/(1+r²), half at r = 1) and pays a second price never above itself; a target bid
 * pays about its target.
 */
export function auction(
  strategy: 'AUTO' | 'MAX' | 'TARGET',
  bid: number | null,
  market: number,
): { win: number; price: number } {
  if (strategy === 'AUTO' || bid === null) return { win: 0.55, price: market };
  const r = bid / market;
  const win = (r * r) / (1 + r * r);
  if (strategy === 'TARGET') return { win, price: Math.min(bid, market * 0.5 + bid * 0.5) };
  return { win, price: Math.min(bid, market * (0.7 + 0.3 * Math.min(1, r))) };
}
