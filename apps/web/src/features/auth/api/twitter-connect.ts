import type { User } from '@murmur/core/api';
import { request } from '../../../lib/request';
import type { TwitterTokens } from './twitter-access-token';

/** POST /rest-auth/twitter/connect/ — links the X account to the signed-in user. */
export const twitterConnect = (body: TwitterTokens): Promise<User> =>
  request.post<User>('/rest-auth/twitter/connect/', { body });
