import type { User } from '@murmur/core/api';
import { request } from '../../../lib/request';
import type { CodeBody } from './google-login';

/** POST /rest-auth/google/connect/ — links the Google account to the signed-in user. */
export const googleConnect = (body: CodeBody): Promise<User> =>
  request.post<User>('/rest-auth/google/connect/', { body });
