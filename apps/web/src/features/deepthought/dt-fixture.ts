import type { DtStats, DtStatus } from '@murmur/core/api';

// What the Deep Thought screens' tests answer for the status and the counts, unless a test says otherwise.

/** The connected X account: selected, never synced. */
export const dtAccount: NonNullable<DtStatus['account']> = {
  id: 1,
  x_user_id: '42',
  username: 'rin',
  name: 'Rin',
  selected: true,
  synced_at: null,
};

/** The status of a premium user with that account, no job running and no sync due. */
export const dtStatus = (overrides: Partial<DtStatus> = {}): DtStatus => ({
  account: dtAccount,
  premium: true,
  job: null,
  sync_due: false,
  ...overrides,
});

/** The counts of an account never synced, every one 0. */
export const dtStats = (overrides: Partial<DtStats> = {}): DtStats => ({
  synced_at: null,
  followers: 0,
  following: 0,
  mutuals: 0,
  posts: 0,
  likes: 0,
  reposts: 0,
  impressions: 0,
  new_followers_7d: 0,
  unfollowers_7d: 0,
  spam_followers: 0,
  lists: 0,
  ...overrides,
});
