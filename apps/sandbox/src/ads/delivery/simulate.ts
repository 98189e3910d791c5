import { DIURNAL } from '../../simulate/diurnal';
import { combine, hashString } from '../../random/hash';
import { Rng } from '../../random/prng';
import { valueAt } from '../revisions';
import type { Campaign, LineItem, LineItemConfig } from '../types';
import { hourPotential, type HourPotential } from './hour-potential';
import { DAY, HOUR, METRIC_COUNT, type Delivery } from './metrics';
import { recordHour } from './record-hour';

/** What the simulation needs to know about one campaign; the ads store provides it. */
export interface CampaignPlan {
  seed: string;
  currency: string;
  campaign: Campaign;
  lineItems: readonly LineItem[];
  /** How many promoted posts of the line item serve at `time` (none: nothing to show). */
  creativesAt: (lineItemId: string, time: number) => number;
  /** Real-population size of the line item's targeting in force at `time`. */
  audienceAt: (lineItemId: string, time: number) => number;
}

/** Sum of the traffic curve from each hour of the day to midnight, for pacing. */
const REMAINING = DIURNAL.map((_, h) => DIURNAL.slice(h).reduce((s, x) => s + x, 0));

interface Schedule {
  entityStatus: string;
  deleted: boolean;
  startTime: number | null;
  endTime: number | null;
}

/** Share of the hour starting at `h` during which an entity serves (schedule, status, the clock). */
function coverage(config: Schedule | undefined, h: number, until: number): number {
  if (!config || config.deleted || config.entityStatus !== 'ACTIVE') return 0;
  const from = Math.max(h, config.startTime ?? h);
  const to = Math.min(h + HOUR, config.endTime ?? Number.POSITIVE_INFINITY, until);
  return Math.max(0, (to - from) / HOUR);
}

interface Candidate {
  id: string;
  config: LineItemConfig;
  potential: HourPotential;
  share: number;
  rng: Rng;
}

/**
 * Replays a campaign hour by hour from its creation to `until` (the sandbox clock, or earlier):
 * each hour every serving line item bids for its audience's impressions, then the campaign's daily
 * budget (paced over the day's traffic with standard delivery, or spent as fast as possible), its
 * total budget and each line item's own budget cut what was won. The configuration in force at each
 * hour is read from the revisions, and randomness comes from (seed, line item, hour), so the same
 * history always yields the same numbers and spend never exceeds a budget.
 */
export function simulateCampaign(plan: CampaignPlan, until: number): Map<string, Delivery> {
  const first = Math.floor(plan.campaign.createdAt / HOUR) * HOUR;
  const hours = Math.max(0, Math.ceil((until - first) / HOUR));
  const out = new Map<string, Delivery>();
  for (const li of plan.lineItems)
    out.set(li.id, { firstHour: first, hours, values: new Float64Array(hours * METRIC_COUNT) });
  const lineItemSpent = new Map<string, number>();
  let day = -1;
  let spentToday = 0;
  let spentTotal = 0;
  for (let k = 0; k < hours; k++) {
    const h = first + k * HOUR;
    const campaign = valueAt(plan.campaign, h);
    const open = coverage(campaign, h, until);
    if (!campaign || open <= 0) continue;
    if (Math.floor(h / DAY) !== day) {
      day = Math.floor(h / DAY);
      spentToday = 0;
    }
    const hourOfDay = Math.floor((h % DAY) / HOUR);
    const candidates: Candidate[] = [];
    for (const li of plan.lineItems) {
      const config = valueAt(li, h);
      const share = Math.min(open, coverage(config, h, until));
      if (!config || share <= 0 || plan.creativesAt(li.id, h) === 0) continue;
      const audience = plan.audienceAt(li.id, h);
      if (audience <= 0) continue;
      const rng = new Rng(combine(hashString(`${plan.seed}:delivery:${li.id}`), h / HOUR));
      candidates.push({
        id: li.id,
        config,
        share,
        rng,
        potential: hourPotential(config, audience, hourOfDay, plan.currency, rng),
      });
    }
    if (candidates.length === 0) continue;
    const pace = campaign.standardDelivery ? DIURNAL[hourOfDay]! / REMAINING[hourOfDay]! : 1;
    // This hour's pacing target for the whole campaign, shared in proportion to what each line item could buy.
    let hourBudget = Math.max(0, (campaign.dailyBudgetMicro - spentToday) * pace);
    if (campaign.totalBudgetMicro !== null)
      hourBudget = Math.min(hourBudget, campaign.totalBudgetMicro - spentTotal);
    const wanted = candidates.reduce((s, c) => s + c.potential.spend, 0);
    const cut = wanted > hourBudget ? Math.max(0, hourBudget) / wanted : 1;
    for (const c of candidates) {
      const spent = lineItemSpent.get(c.id) ?? 0;
      let left = campaign.dailyBudgetMicro - spentToday;
      if (campaign.totalBudgetMicro !== null) left = Math.min(left, campaign.totalBudgetMicro - spentTotal);
      if (c.config.totalBudgetMicro !== null) left = Math.min(left, c.config.totalBudgetMicro - spent);
      const target = Math.max(0, Math.min(c.potential.spend * cut, left)) * c.share;
      const charge = recordHour(out.get(c.id)!.values, k, c.potential, target, Math.max(0, left), c.rng);
      spentToday += charge;
      spentTotal += charge;
      lineItemSpent.set(c.id, spent + charge);
    }
  }
  return out;
}
