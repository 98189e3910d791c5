import type { Rng } from '../../random/prng';
import { VIEW_RATE } from './billing';
import type { HourPotential } from './hour-potential';
import { METRIC_COUNT, METRIC_INDEX as M } from './metrics';

/** Rounds up with probability equal to the fraction, so small hourly counts add up to the right totals. */
const stochasticRound = (x: number, rng: Rng): number => {
  const floor = Math.floor(x);
  return floor + (rng.float() < x - floor ? 1 : 0);
};

/**
 * Writes one hour of a line item's delivery when pacing lets it spend `target` micro-currency: it
 * buys that fraction of the impressions it could win and people engage at the hour's rates. The
 * charge is what was billed; billed events come whole, so an hour may pass its pacing target (the
 * day's pacing absorbs it) but never `cap`, the budget left. Returns the charge.
 */
export function recordHour(
  values: Float64Array,
  hour: number,
  p: HourPotential,
  target: number,
  cap: number,
  rng: Rng,
): number {
  const bought = p.spend > 0 ? Math.min(1, target / p.spend) : 0;
  const impressions = stochasticRound(p.impressions * bought, rng);
  const count = (rate: number): number => stochasticRound(impressions * rate, rng);
  const likes = count(p.rates.likes);
  const retweets = count(p.rates.retweets);
  const replies = count(p.rates.replies);
  const follows = count(p.rates.follows);
  const urlClicks = count(p.rates.urlClicks);
  const clicks = urlClicks + count(p.rates.otherClicks);
  const engagements = likes + retweets + replies + follows + clicks;
  const price = Math.round(p.price);
  let units = 0;
  let charge: number;
  if (p.unit === 'IMPRESSION') {
    charge = Math.min(Math.floor((impressions * price) / 1000), Math.floor(cap));
  } else {
    units = { ENGAGEMENT: engagements, LINK_CLICK: urlClicks, FOLLOW: follows, VIEW: count(VIEW_RATE) }[
      p.unit
    ];
    if (units * price > cap) units = Math.floor(cap / Math.max(1, price));
    charge = units * price;
  }
  const row = hour * METRIC_COUNT;
  values[row + M.impressions] = impressions;
  values[row + M.engagements] = engagements;
  values[row + M.clicks] = clicks;
  values[row + M.url_clicks] = urlClicks;
  values[row + M.retweets] = retweets;
  values[row + M.replies] = replies;
  values[row + M.likes] = likes;
  values[row + M.follows] = follows;
  values[row + M.billed_engagements] = units;
  values[row + M.billed_charge_local_micro] = charge;
  return charge;
}
