import { z } from 'zod';

/**
 * What a number shown as an audience's size is (docs/API.md "Figures"). Every API answer that
 * carries one says which of three it is, and every screen labels it so:
 * - `count`: accounts counted, not estimated: the accounts in the engine's index (`of: 'indexed'`)
 *   or what an upload to X will contain (`of: 'upload'`);
 * - `estimate`: Murmur's population estimate from its sample, with its 95 % interval and the sample
 *   it was measured on (model.ts);
 * - `x`: X's own figure: an account's public follower, following or post count (`metric: 'followers'`,
 *   `'following'`, `'posts'`), the impressions X counts on its posts (`'impressions'`) or the Ads API's audience
 *   estimate range (`metric: 'audience_estimate'`).
 */
const whole = z.number().int().min(0);

export const countFigureSchema = z.object({
  kind: z.literal('count'),
  value: whole,
  of: z.enum(['indexed', 'upload']),
});
export type CountFigure = z.infer<typeof countFigureSchema>;

export const estimateFigureSchema = z.object({
  kind: z.literal('estimate'),
  value: whole,
  /** The 95 % interval's bounds (Wilson, scaled by the rate). */
  low: whole,
  high: whole,
  /** Sampled accounts the estimate counts. */
  sample: whole,
  /** Accounts in the sample it is a share of; null when the engine was not loaded to say. */
  sample_size: whole.nullable(),
  /** Real accounts per sampled account. */
  rate: z.number().positive(),
});
export type EstimateFigure = z.infer<typeof estimateFigureSchema>;

export const xFigureSchema = z.object({
  kind: z.literal('x'),
  metric: z.enum(['followers', 'following', 'posts', 'impressions', 'audience_estimate']),
  value: whole,
  /** X's range where X gives one (the Ads API's audience estimate); null for a single number. */
  low: whole.nullable(),
  high: whole.nullable(),
  /** True when Murmur predicted the figure X will show rather than read it from X. */
  predicted: z.boolean(),
});
export type XFigure = z.infer<typeof xFigureSchema>;

export const figureSchema = z.discriminatedUnion('kind', [
  countFigureSchema,
  estimateFigureSchema,
  xFigureSchema,
]);
export type Figure = z.infer<typeof figureSchema>;

/** An account's public follower count as X shows it. */
export const xFollowers = (value: number): XFigure => ({
  kind: 'x',
  metric: 'followers',
  value: Math.max(0, Math.round(value)),
  low: null,
  high: null,
  predicted: false,
});

/** One of an account's public metrics as X shows it (X's lists and counts, not Murmur's sample). */
export const xMetric = (metric: Exclude<XFigure['metric'], 'audience_estimate'>, value: number): XFigure => ({
  ...xFollowers(value),
  metric,
});

/** A count of accounts (in the index, or in an upload). */
export const countFigure = (value: number, of: CountFigure['of']): CountFigure => ({
  kind: 'count',
  value: Math.max(0, Math.round(value)),
  of,
});
