import type { SignInResponse, XTokens } from '@murmur/core/api';
import { request } from '../request';

/** POST /rest-auth/twitter/ — signs in (or registers) with X's user token; sets the session cookie. */
export const twitterLogin = (body: XTokens): Promise<SignInResponse> =>
  request.post('/rest-auth/twitter/', { body });
