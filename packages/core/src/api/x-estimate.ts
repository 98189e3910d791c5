import { z } from 'zod';
import { estimateFigureSchema, xFigureSchema } from '../sampling';
import { buildAudienceSchema } from './audiences';

/**
 * `POST /api/build-audience/x-estimate/`: the range X's Ads API will show for a package, asked
 * after its estimate (docs/API-AUDIENCES.md "X's audience estimate"), signed in. With `team` (a team
 * of the caller) and its granted ad account (`account_id`, or the earliest granted), X is asked;
 * otherwise the range is predicted from Murmur's estimate.
 */
export const xEstimateRequestSchema = buildAudienceSchema.extend({
  team: z.string().trim().min(1).max(100).optional(),
  account_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Enter a valid ad account id.' })
    .optional(),
});
export type XEstimateRequest = z.input<typeof xEstimateRequestSchema>;
export type XEstimateBody = z.infer<typeof xEstimateRequestSchema>;

/**
 * Why the figure is a prediction: no team or no granted ad account (`no_ad_account`), X failed or
 * did not answer in time (`x_failed`); null when it is X's own range.
 */
export const xEstimateFallbackSchema = z.enum(['no_ad_account', 'x_failed']).nullable();

export const xEstimateSchema = z.object({
  /** X's audience_estimate figure: X's range (`predicted: false`) or Murmur's prediction of it. */
  figure: xFigureSchema,
  /** Murmur's estimate the prediction is made from (the build-audience answer's figure). */
  estimate: estimateFigureSchema,
  /** The ad account X was asked with; null when X was not asked. */
  account_id: z.string().nullable(),
  fallback: xEstimateFallbackSchema,
  /**
   * The excluded saved audiences (`exclusions`) X's range does not remove: not uploaded to the ad
   * account X was asked with, or not targetable there yet. The others are sent to X as excluded custom
   * audiences. Empty when the range is predicted (Murmur's estimate already removes every exclusion).
   */
  exclusions_not_sent: z.array(z.number().int()),
});
export type XEstimate = z.infer<typeof xEstimateSchema>;
