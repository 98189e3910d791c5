import type { ConnectXAccount } from '@murmur/core/api';
import { request } from '@/lib/request';

/** POST /api/external/deepthought/accounts/ — connects an X account with its user token. */
export const connectXAccount = (body: ConnectXAccount) =>
  request.post('/api/external/deepthought/accounts/', { body });
