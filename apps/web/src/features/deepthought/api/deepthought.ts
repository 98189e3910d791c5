import type {
  ConnectXAccount,
  DtJob,
  FollowUnfollow,
  PatchXList,
  SaveXList,
  TalkToX,
  XListMembersChange,
} from '@murmur/core/api';
import { isApiError } from '@murmur/core/errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

// Deep Thought's calls (SPEC §7 analytics tool): every screen reads the synced copy through these.

const ROOT = ['deepthought'] as const;

/** 402: the page needs an active premium subscription (the server's one gate). */
export const needsPremium = (error: unknown): boolean => isApiError(error) && error.status === 402;
/** 404 from the suite: no X account is connected yet. */
export const needsAccount = (error: unknown): boolean => isApiError(error) && error.status === 404;

const noRetryOnGate = (count: number, error: unknown) =>
  !needsPremium(error) && !needsAccount(error) && !(isApiError(error) && error.status < 500) && count < 2;

export const useDtStatus = () =>
  useQuery({
    queryKey: [...ROOT, 'status'],
    queryFn: ({ signal }) => request.get('/api/external/deepthought/status/', { signal }),
    retry: noRetryOnGate,
  });

export const useDtAccounts = () =>
  useQuery({
    queryKey: [...ROOT, 'accounts'],
    queryFn: ({ signal }) => request.get('/api/external/deepthought/accounts/', { signal }),
  });

export const connectXAccount = (body: ConnectXAccount) =>
  request.post('/api/external/deepthought/accounts/', { body });

export function useSelectAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request.post('/api/external/deepthought/accounts/:pk/select/', { params: { pk: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}

export function useDisconnectAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request.delete('/api/external/deepthought/accounts/:pk/', { params: { pk: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}

const FINISHED = new Set<DtJob['state']>(['done', 'failed']);
export const jobFinished = (job: DtJob | undefined) => job !== undefined && FINISHED.has(job.state);

/** A job polled every second until it finishes; then everything synced is read again. */
export function useDtJob(id: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...ROOT, 'job', id],
    enabled: id !== undefined,
    queryFn: async ({ signal }) => {
      const job = await request.get('/api/external/deepthought/jobs/:pk/', { params: { pk: id! }, signal });
      if (jobFinished(job)) void client.invalidateQueries({ queryKey: [...ROOT, 'data'] });
      return job;
    },
    refetchInterval: (query) => (jobFinished(query.state.data) ? false : 1000),
  });
}

export function useStartSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request.post('/api/external/deepthought/sync/'),
    onSuccess: () => client.invalidateQueries({ queryKey: [...ROOT, 'status'] }),
  });
}

export function useFollowUnfollow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FollowUnfollow) => request.post('/api/user/follow-unfollow/', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...ROOT, 'status'] }),
  });
}

const data = <T>(key: unknown[], fn: (signal: AbortSignal) => Promise<T>, enabled = true) =>
  ({
    queryKey: [...ROOT, 'data', ...key],
    queryFn: ({ signal }: { signal: AbortSignal }) => fn(signal),
    retry: noRetryOnGate,
    enabled,
  }) as const;

export interface UsersQuery {
  page: number;
  page_size: number;
  search?: string;
  sort?: 'followers' | '-followers' | 'spam' | '-spam' | 'username' | '-username';
  spam?: 'only' | 'exclude';
}

export const useDtConnections = (direction: 'followers' | 'following', query: UsersQuery) =>
  useQuery(
    data([direction, query], (signal) =>
      direction === 'followers'
        ? request.get('/api/external/deepthought/followers/', { query, signal })
        : request.get('/api/external/deepthought/following/', { query, signal }),
    ),
  );

export const useDtStats = () =>
  useQuery(data(['stats'], (signal) => request.get('/api/external/deepthought/stats/', { signal })));
export const useDtChanges = (since: string | undefined, until: string | undefined) =>
  useQuery(
    data(['changes', since, until], (signal) =>
      request.get('/api/external/deepthought/unfollowers/', { query: { since, until }, signal }),
    ),
  );
export const useDtPosts = (query: {
  page: number;
  page_size: number;
  search?: string;
  sort?: '-created_at' | 'created_at' | '-like_count' | '-impression_count';
}) =>
  useQuery(
    data(['posts', query], (signal) => request.get('/api/external/deepthought/posts/', { query, signal })),
  );
export const useDtPost = (id: string) =>
  useQuery(
    data(['post', id], (signal) =>
      request.get('/api/external/deepthought/posts/:id/', { params: { id }, signal }),
    ),
  );
export const useDtEngagers = () =>
  useQuery(data(['engagers'], (signal) => request.get('/api/external/deepthought/engagers/', { signal })));
export const useDtTopics = (of: 'posts' | 'following') =>
  useQuery(
    data(['topics', of], (signal) =>
      of === 'posts'
        ? request.get('/api/external/deepthought/topics/', { signal })
        : request.get('/api/external/deepthought/following-topics/', { signal }),
    ),
  );
export const useDtBestTime = (tz: string, enabled = true) =>
  useQuery(
    data(
      ['best-time', tz],
      (signal) => request.get('/api/external/deepthought/best-post-time/', { query: { tz }, signal }),
      enabled,
    ),
  );
export const useDtPayout = (enabled = true) =>
  useQuery(
    data(
      ['payout'],
      (signal) => request.get('/api/external/deepthought/payout-prediction/', { signal }),
      enabled,
    ),
  );
export const useDtSpam = () =>
  useQuery(data(['spam'], (signal) => request.get('/api/external/deepthought/spam-analysis/', { signal })));
export const useDtXStats = (country: string | undefined) =>
  useQuery(
    data(['xstats', country], (signal) =>
      request.get('/api/external/deepthought/xstats/', { query: { country }, signal }),
    ),
  );

export const useDtLists = () =>
  useQuery(data(['lists'], (signal) => request.get('/api/user/lists/', { signal })));
export const useDtListMembers = (id: number | undefined) =>
  useQuery(
    data(
      ['list', id],
      (signal) => request.get('/api/user/lists/:pk/members/', { params: { pk: id! }, signal }),
      id !== undefined,
    ),
  );

function useListMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: [...ROOT, 'data'] }),
  });
}
export const useCreateList = () =>
  useListMutation((body: SaveXList) => request.post('/api/user/lists/', { body }));
export const useUpdateList = () =>
  useListMutation(({ id, body }: { id: number; body: PatchXList }) =>
    request.patch('/api/user/lists/:pk/', { params: { pk: id }, body }),
  );
export const useDeleteList = () =>
  useListMutation((id: number) => request.delete('/api/user/lists/:pk/', { params: { pk: id } }));
export const useChangeMembers = () =>
  useListMutation(({ id, body }: { id: number; body: XListMembersChange }) =>
    request.post('/api/user/lists/:pk/members/', { params: { pk: id }, body }),
  );

export const useTalkToX = () =>
  useMutation({
    mutationFn: (body: TalkToX) => request.post('/api/external/deepthought/talk-to-x/', { body }),
  });

/** The viewer's time zone (for best time to post and Talk to X). */
export const viewerTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};
