/** The simulated metrics, named as X's ENGAGEMENT and BILLING metric groups name them. */
export const ENGAGEMENT_METRICS = [
  'impressions',
  'engagements',
  'clicks',
  'url_clicks',
  'retweets',
  'replies',
  'likes',
  'follows',
] as const;
export const BILLING_METRICS = ['billed_engagements', 'billed_charge_local_micro'] as const;
export const METRICS = [...ENGAGEMENT_METRICS, ...BILLING_METRICS] as const;
export type Metric = (typeof METRICS)[number];
export const METRIC_COUNT = METRICS.length;
export const METRIC_INDEX = Object.fromEntries(METRICS.map((m, i) => [m, i])) as Record<Metric, number>;

/** One line item's delivery, hour by hour from `firstHour`: `values[hour × METRIC_COUNT + metric]`. */
export interface Delivery {
  firstHour: number;
  hours: number;
  values: Float64Array;
}

export const HOUR = 3600;
export const DAY = 86_400;
