import type { z } from 'zod';
import type { AdAccount, CreateGrantedAccount, GrantedAccount } from './user';
import type {
  AdAccountAccess,
  AdAccountAdGroups,
  AudienceUsage,
  audienceUsagesQuerySchema,
  CheckCustomAudiencesResult,
  CreateAdAccountInput,
  createAudienceUsageSchema,
  CreatedAdAccount,
  CreateUploadedAudience,
  ExtensionToken,
  JapaneseAgreement,
  UploadedAudience,
} from './x-ads';

type Query<S extends z.ZodType> = Partial<z.output<S>>;

/** Ad accounts, granted accounts, uploads to X, the Japanese agreement and audience usages. */
export interface XAdsRoutes {
  'GET /api/user/accounts/': { response: AdAccount[] };
  'GET /api/user/accounts/:account_id/ad-groups/': { response: AdAccountAdGroups };
  'GET /api/user/granted-accounts/': { response: GrantedAccount[] };
  'GET /api/teams/:slug/accounts/': { response: GrantedAccount[] };
  'POST /api/user/granted-accounts/': { body: CreateGrantedAccount; response: GrantedAccount };
  'DELETE /api/user/granted-accounts/:pk/': { response: void };
  'POST /api/external/validate-ad-account/': { body: { ad_account_id: string }; response: AdAccountAccess };
  'POST /api/external/create-ad-account/': { body: CreateAdAccountInput; response: CreatedAdAccount };
  'POST /api/external/create-audiences-ad-account/': {
    body: CreateAdAccountInput;
    response: CreatedAdAccount;
  };
  'GET /api/uploaded-audiences/': { query: { team: string }; response: UploadedAudience[] };
  'POST /api/uploaded-audiences/': { body: CreateUploadedAudience; response: UploadedAudience };
  'DELETE /api/uploaded-audiences/:pk/': { response: void };
  'POST /api/user/extension-token/': { response: ExtensionToken };
  'POST /api/external/check-custom-audiences/': {
    body: { ad_account_id: string; custom_audience_names: string[] };
    response: CheckCustomAudiencesResult;
  };
  'GET /api/japanese-agreement/': { query: { team: string }; response: JapaneseAgreement };
  'POST /api/japanese-agreement/': { body: { team: string }; response: JapaneseAgreement };
  'GET /api/external/audience-usages/': {
    query: Query<typeof audienceUsagesQuerySchema>;
    response: AudienceUsage[];
  };
  'POST /api/external/audience-usages/': {
    body: z.input<typeof createAudienceUsageSchema>;
    response: AudienceUsage;
  };
}
