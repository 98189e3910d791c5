import type { User } from '@murmur/core/api';
import { request } from '../../../lib/request';
import type { CodeProvider } from '../../../lib/social-login';
import type { CodeBody } from './code-login';

/** POST /rest-auth/{provider}/connect/ — links the provider's account to the signed-in user. */
export const codeConnect = (provider: CodeProvider, body: CodeBody): Promise<User> =>
  request.post<User>(`/rest-auth/${provider}/connect/`, { body });
