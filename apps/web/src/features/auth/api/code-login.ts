import type { CodeProvider, SignInResponse, SocialCode } from '@murmur/core/api';
import { request } from '@/lib/request';

/**
 * POST /rest-auth/{provider}/ — signs in (or registers) with the provider's authorization code
 * (facebook, google, linkedin, twitter_oauth2); sets the session cookie.
 */
export const codeLogin = (provider: CodeProvider, body: SocialCode): Promise<SignInResponse> =>
  // The server registers one route per provider (SPEC §6), so the path names it.
  request.post(`/rest-auth/${provider}/`, { body });
