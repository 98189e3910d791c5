import type { SignInResponse } from '@murmur/core/api';
import { request } from '../../../lib/request';
import type { CodeProvider } from '../../../lib/social-login';

/** The authorization code from the provider's return, the redirect URI it was issued for, and X OAuth 2.0's PKCE verifier. */
export interface CodeBody {
  code: string;
  redirect_uri: string;
  code_verifier?: string;
}

/**
 * POST /rest-auth/{provider}/ — signs in (or registers) with the provider's authorization code
 * (facebook, google, linkedin, twitter_oauth2); sets the session cookie.
 */
export const codeLogin = (provider: CodeProvider, body: CodeBody): Promise<SignInResponse> =>
  request.post<SignInResponse>(`/rest-auth/${provider}/`, { body });
