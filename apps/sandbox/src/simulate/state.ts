import type { FollowSamplers } from '../generate/follow-samplers';
import type { AliasTable } from '../random/alias';
import type { Rng } from '../random/prng';
import type { LifecycleState } from './lifecycle';
import type { PendingQueue } from './pending';

/** Accounts grouped by time zone, so each tick posts in proportion to every zone's local hour. */
export interface PostingGroup {
  utcOffset: number;
  /** Sum of the members' posts per day. */
  activity: number;
  authors: AliasTable;
}

/**
 * Everything the simulation needs between ticks. It lives in the network, so advancing time later
 * (from the API or a timer) continues exactly where generation stopped.
 */
export interface SimulationState {
  rng: Rng;
  samplers: FollowSamplers;
  posting: PostingGroup[];
  /** Spam accounts that post (bots), with their bursts per day. */
  spamBots: AliasTable;
  spamBurstsPerDay: number;
  /** Accounts weighted by how many they follow: who unfollows someone. */
  unfollowers: AliasTable;
  /** Per-account chance of following back (generate/follow-edges.ts). */
  followBack: Float32Array;
  /** Per follower, the factor on the chance its follow is returned (generate/follow-edges). */
  returnFactor: Float32Array;
  pending: PendingQueue;
  /** Set once generation is done: lifecycle events happen in live time only (simulate/lifecycle.ts). */
  lifecycle?: LifecycleState;
  /** Told after every step: the log rows [first, last) it appended and its span [from, to). */
  listeners: Set<StepListener>;
  /** Readers that need the state to stand still (an export in progress): the running clock waits. */
  holds: number;
}

export type StepListener = (first: number, last: number, from: number, to: number) => void;
