import type { FileComplete } from '@murmur/core/api';
import { request } from '@/lib/request';

/** POST /api/api/files/complete/ — checks a file the store received under a policy's key. */
export const completeFile = (key: string): Promise<FileComplete> =>
  request.post('/api/api/files/complete/', { body: { key } });
