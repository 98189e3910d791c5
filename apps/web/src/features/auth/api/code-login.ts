import type { CodeProvider, SignInResponse, SocialCode } from '@murmur/core/api';
import { request } from '../../../lib/request';

/**
 * POST /rest-auth/{provider}/ — signs in (or registers) with the provider's authorization code
 * (facebook, google, linkedin, twitter_oauth2); sets the session cookie.
 */
export const codeLogin = (provider: CodeProvider, body: SocialCode): Promise<SignInResponse> =>
  request.post('/rest-auth/:provider/', { params: { provider }, body });
