import type { SignInResponse } from '@murmur/core/api';
import { request } from '../../../lib/request';
import type { TwitterTokens } from './twitter-access-token';

/** POST /rest-auth/twitter/ — signs in (or registers) with X's user token; sets the session cookie. */
export const twitterLogin = (body: TwitterTokens): Promise<SignInResponse> =>
  request.post<SignInResponse>('/rest-auth/twitter/', { body });
