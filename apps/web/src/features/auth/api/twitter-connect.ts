import type { User, XTokens } from '@murmur/core/api';
import { request } from '@/lib/request';

/** POST /rest-auth/twitter/connect/ — links the X account to the signed-in user. */
export const twitterConnect = (body: XTokens): Promise<User> =>
  request.post('/rest-auth/twitter/connect/', { body });
