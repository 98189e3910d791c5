import { ADS_API } from './ads';
import type { XTargetingCriterion } from './ads';
import { toXError } from './errors';
import type { XTransport, XUserTokens } from './transport';

/** X's `audience_size` of an audience estimate: the range X shows, never its point estimate. */
export interface XAudienceSize {
  min: number;
  max: number;
}

export type XAdsEstimateClient = ReturnType<typeof createXAdsEstimateClient>;

/** X's Ads API v12 `POST accounts/:id/audience_estimate` for a user's ad account. */
export function createXAdsEstimateClient(x: XTransport) {
  return {
    /** The range X shows for the criteria (X's targeting values, catalogue values already resolved). */
    async audienceEstimate(
      tokens: XUserTokens,
      accountId: string,
      criteria: readonly (Pick<XTargetingCriterion, 'targeting_type' | 'targeting_value'> &
        Partial<Pick<XTargetingCriterion, 'operator_type'>>)[],
    ): Promise<XAudienceSize> {
      try {
        const answer = await x
          .user(tokens)
          .post<{ data: { audience_size: XAudienceSize } }>(
            `${ADS_API}accounts/${encodeURIComponent(accountId)}/audience_estimate`,
            { targeting_criteria: criteria },
            { prefix: '', forceBodyMode: 'json' },
          );
        const size = answer.data.audience_size;
        return { min: Number(size.min), max: Number(size.max) };
      } catch (error) {
        throw toXError('audience estimate', error);
      }
    },
  };
}
