import { request } from '@/lib/request';

/** POST /api/external/audience-requests/validate-email/ */
export const validateEmail = (email: string) =>
  request.post('/api/external/audience-requests/validate-email/', { body: { email } });

/** POST /api/external/audience-requests/validate-handle/ */
export const validateHandle = (handle: string) =>
  request.post('/api/external/audience-requests/validate-handle/', { body: { handle } });

/** POST /api/external/audience-requests/validate-ad-account/ — whether the signed-in caller reaches it. */
export const validateAdAccount = (adAccountId: string) =>
  request.post('/api/external/audience-requests/validate-ad-account/', {
    body: { ad_account_id: adAccountId },
  });
