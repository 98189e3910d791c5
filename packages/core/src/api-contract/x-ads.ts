import { z } from 'zod';
import {
  adAccountAccessResponseSchema,
  adAccountAdGroupsSchema,
  adAccountSchema,
  audienceUsageSchema,
  checkCustomAudiencesResponseSchema,
  createdAdAccountSchema,
  extensionTokenSchema,
  grantedAccountSchema,
  japaneseAgreementSchema,
  uploadedAudienceSchema,
} from '../api';

/** Response schemas of the ad-account, upload, agreement and usage routes, spread into API_ROUTE_RESPONSES. */
export const X_ADS_ROUTE_RESPONSES = {
  'GET /api/user/accounts/': z.array(adAccountSchema),
  'GET /api/user/accounts/:account_id/ad-groups/': adAccountAdGroupsSchema,
  'GET /api/user/granted-accounts/': z.array(grantedAccountSchema),
  'GET /api/teams/:slug/accounts/': z.array(grantedAccountSchema),
  'POST /api/user/granted-accounts/': grantedAccountSchema,
  'DELETE /api/user/granted-accounts/:pk/': z.null(),
  'POST /api/external/validate-ad-account/': adAccountAccessResponseSchema,
  'POST /api/external/create-ad-account/': createdAdAccountSchema,
  'POST /api/external/create-audiences-ad-account/': createdAdAccountSchema,
  'GET /api/uploaded-audiences/': z.array(uploadedAudienceSchema),
  'POST /api/uploaded-audiences/': uploadedAudienceSchema,
  'DELETE /api/uploaded-audiences/:pk/': z.null(),
  'POST /api/user/extension-token/': extensionTokenSchema,
  'POST /api/external/check-custom-audiences/': checkCustomAudiencesResponseSchema,
  'GET /api/japanese-agreement/': japaneseAgreementSchema,
  'POST /api/japanese-agreement/': japaneseAgreementSchema,
  'GET /api/external/audience-usages/': z.array(audienceUsageSchema),
  'POST /api/external/audience-usages/': audienceUsageSchema,
};
