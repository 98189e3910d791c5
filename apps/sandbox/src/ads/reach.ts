import { combine, hashString } from '../random/hash';
import { Rng } from '../random/prng';
import type { Criterion } from './audience/targeting-types';
import { HOUR, METRIC_COUNT, METRIC_INDEX } from './delivery/metrics';
import { campaignPlan, liveAt } from './delivery/plan';
import { simulateCampaign } from './delivery/simulate';
import type { AdsPlatform } from './platform';
import type { Campaign, TargetingRecord } from './types';

export interface CampaignReach {
  /** Impressions the campaign delivered in the window. */
  impressions: number;
  /** Distinct people who saw at least one of them (X's total_audience_reach). */
  reach: number;
}

/** A targeting in force for some hours: its criteria, and the people it covers (filled lazily). */
interface Audience {
  key: string;
  criteria: Criterion[];
}

/** People of one cell: the accounts in exactly the same set of line-item audiences. */
interface Cell {
  mask: number;
  people: number;
  reached: number;
}

/** At most this many distinct targetings share the account marks; more are pooled on their own. */
const MASK_BITS = 32;

/**
 * Binomial(n, p) draw: inversion while the mean is small, a rounded normal otherwise (the spread
 * of a large binomial is what matters for reach, not its exact tail). Deterministic for one Rng.
 */
export function binomial(rng: Rng, n: number, p: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(rng, n, 1 - p);
  const mean = n * p;
  if (mean < 30) {
    const q = 1 - p;
    const s = p / q;
    const a = (n + 1) * s;
    let r = Math.exp(n * Math.log1p(-p));
    let u = rng.float();
    let x = 0;
    while (u > r && x < n) {
      u -= r;
      x++;
      r *= a / x - s;
      if (r <= 0) break;
    }
    return x;
  }
  const draw = Math.round(mean + Math.sqrt(mean * (1 - p)) * rng.normal());
  return Math.min(n, Math.max(0, draw));
}

/**
 * Who a campaign's delivery reached between `start` and `end` (whole hours, capped at the sandbox
 * clock). The delivery simulation says how many impressions each line item won each hour; each
 * impression lands on a person of that line item's audience in force at that hour. People are
 * grouped in cells — the sandbox accounts that sit in exactly the same line items' audiences, each
 * account standing for `scale` people — so overlapping ad sets reach the same people, not twice.
 * Each hour a line item's impressions are split over its cells by size, and the people newly
 * reached in a cell are a binomial draw over those not yet reached, with the chance of being hit
 * at least once by that many impressions; never more new people than impressions. Hence reach is
 * never above the impressions (frequency ≥ 1) nor above the people targeted, grows with the window,
 * and comes from (seed, campaign, hour) alone, so the same history always answers the same.
 */
export function campaignReach(
  platform: AdsPlatform,
  campaign: Campaign,
  start: number,
  end: number,
): CampaignReach {
  const { store, counter } = platform;
  const until = Math.min(platform.now(), end);
  const plan = campaignPlan(platform, campaign);
  const delivery = simulateCampaign(plan, until);
  const criteriaOf = new Map<string, TargetingRecord[]>();
  for (const c of store.targeting.list(campaign.accountId)) {
    const list = criteriaOf.get(c.lineItemId);
    if (list) list.push(c);
    else criteriaOf.set(c.lineItemId, [c]);
  }

  // The targeting each line item had at each hour with impressions in the window.
  const audiences = new Map<string, Audience>();
  const served: { hour: number; lineItem: string; audience: string; impressions: number }[] = [];
  for (const li of plan.lineItems) {
    const d = delivery.get(li.id);
    if (!d) continue;
    for (let k = 0; k < d.hours; k++) {
      const hour = d.firstHour + k * HOUR;
      if (hour < start || hour >= until) continue;
      const impressions = d.values[k * METRIC_COUNT + METRIC_INDEX.impressions]!;
      if (impressions <= 0) continue;
      const criteria = (criteriaOf.get(li.id) ?? [])
        .filter((c) => liveAt(c, hour))
        .map((c) => ({ type: c.targetingType, value: c.targetingValue, operator: c.operatorType }));
      const key = criteria
        .map((c) => `${c.operator}:${c.type}:${c.value}`)
        .sort()
        .join('|');
      if (!audiences.has(key)) audiences.set(key, { key, criteria });
      served.push({ hour, lineItem: li.id, audience: key, impressions });
    }
  }
  if (served.length === 0) return { impressions: 0, reach: 0 };

  // Cells: accounts by the set of audiences they belong to (the first 32 targetings share marks).
  const keys = [...audiences.keys()];
  const marked = keys.slice(0, MASK_BITS);
  const marks = new Uint32Array(platform.network.accounts.count);
  marked.forEach((key, bit) => counter.mark(audiences.get(key)!.criteria, marks, bit));
  const byMask = new Map<number, Cell>();
  for (const m of marks) {
    if (m === 0) continue;
    const cell = byMask.get(m);
    if (cell) cell.people += counter.scale;
    else byMask.set(m, { mask: m, people: counter.scale, reached: 0 });
  }
  const cells = [...byMask.values()].sort((a, b) => a.mask - b.mask);
  const cellsOf = new Map<string, Cell[]>();
  marked.forEach((key, bit) =>
    cellsOf.set(
      key,
      cells.filter((c) => (c.mask >>> bit) & 1),
    ),
  );
  // Beyond 32 targetings (rare: X allows many line items per campaign), each is a pool of its own.
  for (const key of keys.slice(MASK_BITS)) {
    const pool = { mask: 0, people: counter.size(audiences.get(key)!.criteria, store.version), reached: 0 };
    cells.push(pool);
    cellsOf.set(key, [pool]);
  }

  served.sort((a, b) => a.hour - b.hour || (a.lineItem < b.lineItem ? -1 : a.lineItem > b.lineItem ? 1 : 0));
  const base = hashString(`${platform.network.config.seed}:reach:${campaign.id}`);
  let rng = new Rng(0);
  let rngHour = Number.NaN;
  let impressions = 0;
  for (const s of served) {
    if (s.hour !== rngHour) {
      rng = new Rng(combine(base, s.hour / HOUR));
      rngHour = s.hour;
    }
    impressions += s.impressions;
    const pool = cellsOf.get(s.audience)!;
    let left = s.impressions;
    let weight = pool.reduce((sum, c) => sum + c.people, 0);
    for (let i = 0; i < pool.length && left > 0; i++) {
      const cell = pool[i]!;
      const shown = i === pool.length - 1 ? left : binomial(rng, left, cell.people / weight);
      left -= shown;
      weight -= cell.people;
      if (shown === 0 || cell.people === 0) continue;
      // Chance that one person of the cell is hit at least once by `shown` impressions.
      const hit = -Math.expm1(shown * Math.log1p(-1 / cell.people));
      const fresh = Math.min(shown, binomial(rng, cell.people - cell.reached, hit));
      cell.reached += fresh;
    }
  }
  return { impressions, reach: cells.reduce((sum, c) => sum + c.reached, 0) };
}
