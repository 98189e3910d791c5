import type { SandboxConfig } from './config';
import type { AccountTable } from './model/accounts';
import type { EventLog } from './model/events';
import type { FollowGraph } from './model/follow-graph';
import type { ListTable } from './model/lists';
import type { PostTable } from './model/posts';
import type { SimulationState } from './simulate/state';

/** The whole sandbox network: accounts, graph, posts, lists, history and the simulated clock. */
export interface Network {
  config: SandboxConfig;
  /** Unix seconds at which simulated history begins (tick 0). */
  start: number;
  accounts: AccountTable;
  graph: FollowGraph;
  posts: PostTable;
  events: EventLog;
  lists: ListTable;
  /** Number of planted communities (account.community values are below it). */
  communities: number;
  clock: {
    /** Index of the next tick to run. */
    tick: number;
    /** Unix seconds: start + tick × tickSeconds. */
    now: number;
  };
  simulation: SimulationState;
}
