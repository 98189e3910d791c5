import { DIURNAL } from '../../simulate/diurnal';
import type { Rng } from '../../random/prng';
import { perUsd } from '../currency';
import type { LineItemConfig } from '../types';
import { OBJECTIVES, VIEW_RATE, auction, type BillingUnit } from './billing';
import { OBJECTIVE_LIFT, placementMix, type EngagementRates, type RateName } from './rates';

/** Share of a targeted audience that opens X on a given day. */
const DAILY_ACTIVE_SHARE = 0.42;
/** Impressions one advertiser may show one person per day (X's frequency cap for promoted posts). */
const FREQUENCY_CAP = 3;
const PEAK = Math.max(...DIURNAL);

export interface HourPotential {
  /** Impressions the line item would win this hour with an unlimited budget. */
  impressions: number;
  rates: EngagementRates;
  unit: BillingUnit;
  /** Micro-currency per billing unit (per 1 000 impressions for IMPRESSION). */
  price: number;
  /** Billing units per impression. */
  unitsPerImpression: number;
  /** What those impressions would cost, in micro-currency. */
  spend: number;
}

/** A multiplicative noise factor around 1, clipped so one unlucky draw stays plausible. */
const jitter = (rng: Rng, spread: number): number =>
  Math.min(1 + 2 * spread, Math.max(1 - 2 * spread, 1 + spread * rng.normal()));

function unitsPerImpression(unit: BillingUnit, r: EngagementRates): number {
  switch (unit) {
    case 'IMPRESSION':
      return 1;
    case 'ENGAGEMENT':
      return r.likes + r.retweets + r.replies + r.follows + r.urlClicks + r.otherClicks;
    case 'LINK_CLICK':
      return r.urlClicks;
    case 'FOLLOW':
      return r.follows;
    case 'VIEW':
      return VIEW_RATE;
  }
}

/**
 * One line item's unconstrained hour: the audience caps how many impressions exist (people active
 * today × frequency cap, spread over the day's traffic curve, narrowed to the chosen placements);
 * the bid decides how many of them it wins and at what price; evenings are busier and dearer.
 */
export function hourPotential(
  li: LineItemConfig,
  audience: number,
  hourOfDay: number,
  currency: string,
  rng: Rng,
): HourPotential {
  const traffic = DIURNAL[hourOfDay]!;
  const mix = placementMix(li.placements);
  const supply =
    ((audience * DAILY_ACTIVE_SHARE * FREQUENCY_CAP * traffic) / 24) * mix.share * jitter(rng, 0.08);
  const model = OBJECTIVES[li.objective];
  const competition = 0.85 + 0.3 * (traffic / PEAK);
  const market = model.priceUsd * perUsd(currency) * 1e6 * competition * jitter(rng, 0.1);
  const { win, price } = auction(li.bidStrategy, li.bidAmountMicro, market);
  const lift = OBJECTIVE_LIFT[li.objective];
  const rates = { ...mix.rates };
  for (const name of Object.keys(rates) as RateName[]) rates[name] *= (lift[name] ?? 1) * jitter(rng, 0.15);
  const impressions = supply * win;
  const units = unitsPerImpression(model.unit, rates);
  const perImpression = model.unit === 'IMPRESSION' ? price / 1000 : price * units;
  return {
    impressions,
    rates,
    unit: model.unit,
    price,
    unitsPerImpression: units,
    spend: impressions * perImpression,
  };
}
