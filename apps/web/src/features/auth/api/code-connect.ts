import type { CodeProvider, SocialCode, User } from '@murmur/core/api';
import { request } from '@/lib/request';

/** POST /rest-auth/{provider}/connect/ — links the provider's account to the signed-in user. */
export const codeConnect = (provider: CodeProvider, body: SocialCode): Promise<User> =>
  request.post(`/rest-auth/${provider}/connect/`, { body });
