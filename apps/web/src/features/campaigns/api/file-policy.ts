import type { FileComplete, FilePolicy } from '@murmur/core/api';
import { request } from '@/lib/request';

/** POST /api/api/files/policy/ — a signed policy to post one file straight to the store (SPEC §7 File upload). */
export const getFilePolicy = (team: string, file: File): Promise<FilePolicy> =>
  request.post('/api/api/files/policy/', {
    body: { team, filename: file.name, content_type: file.type as FileComplete['mime'], size: file.size },
  });
