import { resolveConfig, type SandboxConfig } from '../config';
import { COUNTRIES } from '@murmur/core/x-catalogue';
import { AccountKind } from '../model/accounts';
import { EventLog } from '../model/events';
import { FollowGraph } from '../model/follow-graph';
import { PostTable } from '../model/posts';
import type { Network } from '../network';
import { AliasTable } from '../random/alias';
import { streamRng } from '../random/prng';
import { PendingQueue } from '../simulate/pending';
import { buildPostingGroups } from '../simulate/posting';
import type { SimulationState } from '../simulate/state';
import { advanceTo } from '../simulate/tick';
import { COMMUNITY_COUNT, generateAccounts } from './accounts';
import { followBackChances, generateFollowEdges, returnFactors } from './follow-edges';
import { buildFollowSamplers } from './follow-samplers';
import { generateLists } from './lists';

function bots(a: Network['accounts']): number[] {
  const spam: number[] = [];
  for (let i = 0; i < a.count; i++) if (a.kind[i] === AccountKind.spam) spam.push(i);
  return spam;
}

export type StageListener = (stage: string, seconds: number) => void;

function initialSimulation(
  net: Omit<Network, 'simulation'>,
  samplers: SimulationState['samplers'],
): SimulationState {
  const a = net.accounts;
  const bots: number[] = [];
  const rates: number[] = [];
  for (let i = 0; i < a.count; i++) {
    if (a.kind[i] === AccountKind.spam && a.activity[i]! > 0) {
      bots.push(i);
      rates.push(a.activity[i]!);
    }
  }
  const outDegrees = Float64Array.from(net.graph.outDegree);
  return {
    rng: streamRng(net.config.seed, 'simulation'),
    samplers,
    posting: buildPostingGroups(a),
    spamBots: bots.length > 0 ? new AliasTable(rates, Uint32Array.from(bots)) : samplers.global,
    spamBurstsPerDay: rates.reduce((s, r) => s + r, 0),
    unfollowers: new AliasTable(outDegrees),
    followBack: followBackChances(a),
    returnFactor: returnFactors(a),
    pending: new PendingQueue(),
    listeners: new Set(),
    holds: 0,
  };
}

/**
 * Builds the network for a config: accounts, follow graph, lists, then `historyDays` of simulated
 * time up to `config.now`. Deterministic: every stage draws from its own stream of the seed.
 */
export function generateNetwork(partial: Partial<SandboxConfig> = {}, onStage?: StageListener): Network {
  const config = resolveConfig(partial);
  const start = config.now - Math.round(config.historyDays * 86400);
  let last = performance.now();
  const stage = (name: string): void => {
    const now = performance.now();
    onStage?.(name, (now - last) / 1000);
    last = now;
  };
  const accounts = generateAccounts(config, start);
  stage('accounts');
  const samplers = buildFollowSamplers(accounts, COMMUNITY_COUNT, COUNTRIES.length);
  const graph = new FollowGraph(
    generateFollowEdges(accounts, samplers, streamRng(config.seed, 'follows')),
    accounts.count,
  );
  stage('follow graph');
  const lists = generateLists(accounts, graph, samplers, streamRng(config.seed, 'lists'), start);
  stage('lists');
  const base = {
    config,
    start,
    accounts,
    graph,
    posts: new PostTable(),
    events: new EventLog(),
    lists,
    communities: COMMUNITY_COUNT,
    clock: { tick: 0, now: start },
  };
  const net: Network = { ...base, simulation: initialSimulation(base, samplers) };
  // Measured volumes per account and simulated day (~0.18 posts, ~0.56 events), with some headroom.
  const accountDays = accounts.count * config.historyDays;
  net.posts.reserve(Math.ceil(accountDays * 0.2));
  net.events.reserve(Math.ceil(accountDays * 0.62));
  advanceTo(net, config.now);
  stage('history');
  // Fold the history's follows and unfollows into the compact base rows.
  graph.compact();
  stage('compaction');
  // From the anchor on, accounts and posts also come and go (simulate/lifecycle.ts).
  net.simulation.lifecycle = {
    rng: streamRng(config.seed, 'lifecycle'),
    spam: Uint32Array.from(bots(accounts)),
    births: { rng: streamRng(config.seed, 'births'), born: [], liked: new Set() },
  };
  return net;
}
