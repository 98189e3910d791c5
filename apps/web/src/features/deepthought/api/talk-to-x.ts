import type { TalkToX } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/deepthought/talk-to-x/ — a question about the account, answered from its data. */
export const talkToX = (body: TalkToX) => request.post('/api/external/deepthought/talk-to-x/', { body });

export const useTalkToX = () => useMutation({ mutationFn: talkToX });
