import { Kvm } from '@nats-io/kv';
import { afterAll, describe, expect, it } from 'vitest';
import type { AudienceConfig, InsightsBaselineUsed, Job } from '@murmur/core/api';
import type { AudienceInsights } from '@murmur/core/insights';
import { populationEstimate } from '@murmur/core/sampling';
import { targetingPackageSchema, type TargetingPackageInput } from '@murmur/core/targeting';
import type { AccountSet } from '@murmur/engine';
import { SETS_BUCKET } from '@murmur/engine-cluster';
import type { TestSession } from '../../test/test-app';
import { natsWithJetStream, useShardedTestApp } from '../../test/shard-cluster-kit';
import { teamKit } from '../../test/team-kit';
import { dayOf } from './history.service';

/**
 * Insights against a chosen baseline when the server runs over a sharded engine (docs/engine.md
 * "Insights over shards"): for each kind — the whole network, a country, another saved audience, an
 * earlier point of the same audience (its recorded members pushed to the shards for the question) —
 * the report's panels equal the single engine's against the same accounts, count for count, share
 * and affinity with their intervals. Shard processes on the machine's NATS (127.0.0.1:4222), under a
 * prefix of this run's own; skipped without NATS with JetStream.
 */
const nc = await natsWithJetStream('insights-baseline-shards.test.ts');
afterAll(() => nc?.close());

const SOCCER = { interests: [{ label: 'Sports/Soccer' }] };
const ENGLISH = { languages: [{ label: 'English' }] };

/** Panels drawn from a sample of members in proportion to the shards (equal in distribution). */
const DRAWN = ['sampleAccounts', 'communities', 'network', 'ms'] as const;
function countPanels(insights: AudienceInsights) {
  const panels: Partial<AudienceInsights> & { audience_config_id?: number } = { ...insights };
  for (const drawn of DRAWN) delete panels[drawn];
  // Which saved audience a report is of is not a panel (the sharded run is of a saved one).
  delete panels.audience_config_id;
  return panels;
}

describe.skipIf(!nc).each([2, 3])('insights against a baseline over %i shards', (shards) => {
  const id = `${process.pid}_${Date.now()}_${shards}`;
  const prefix = `murmur.test.${id}.baseline`;
  const sharded = useShardedTestApp({ nc: nc!, seed: 'baseline-shards', prefix, shards });
  const { k, token } = sharded;
  const kit = teamKit(() => k.t);

  const insights = async (who: TestSession, payload: object) => {
    const res = await k.t.app.inject({
      method: 'POST',
      url: '/api/audience-configs/insights/?wait=1',
      payload,
      headers: who.tokenAuth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json<{ job: Job }>().job;
    expect(job.state, JSON.stringify(job.error)).toBe('done');
    return job.result as AudienceInsights & { baseline: InsightsBaselineUsed; estimate: unknown };
  };

  /** The single engine's report (the server's own engine, built from the same export, no shard). */
  function single(pkg: TargetingPackageInput, against?: AccountSet): AudienceInsights {
    const engine = sharded.holder.get();
    const report = engine.insights(engine.evaluate(targetingPackageSchema.parse(pkg)), undefined, against);
    return JSON.parse(JSON.stringify(report)) as AudienceInsights;
  }
  const accountsOf = (pkg: TargetingPackageInput) =>
    sharded.holder.get().evaluate(targetingPackageSchema.parse(pkg)).accounts;

  it("gives the single engine's panels against each kind of baseline", async () => {
    const alice = await k.t.signIn(`baseline-shards-${shards}@example.com`);
    const create = (name: string, targeting_package: TargetingPackageInput): Promise<AudienceConfig> =>
      kit.createConfig(alice, { name, kind: 'saved_list', targeting_package });
    const soccer = await create('Soccer fans', SOCCER);
    const english = await create('English speakers', ENGLISH);
    // Reading the history records today's point with its members (history.service.ts).
    const history = await k.t.app.inject({
      url: `/api/audience-configs/${soccer.id}/history/`,
      headers: alice.tokenAuth,
    });
    expect(history.statusCode, history.body).toBe(200);
    const today = dayOf(k.t.clock.now());
    const japan = { countries: [{ label: 'Japan', id: 'JP' }] };
    const cases: [string, object | undefined, AccountSet | undefined][] = [
      ['network', undefined, undefined],
      ['country', { kind: 'country', country: 'JP' }, accountsOf(japan)],
      ['audience', { kind: 'audience', audience_config_id: english.id }, accountsOf(ENGLISH)],
      // The point was recorded from the static index today: its members are the audience's now.
      ['earlier', { kind: 'earlier', audience_config_id: soccer.id, day: today }, accountsOf(SOCCER)],
    ];
    for (const [kind, baseline, against] of cases) {
      const got = await insights(alice, { audience_config_id: soccer.id, ...(baseline && { baseline }) });
      expect(got.baseline.kind, kind).toBe(kind);
      const { baseline: used, estimate: _estimate, ...report } = got;
      const engine = sharded.holder.get();
      const count = against?.count ?? engine.stats.accounts;
      expect(used.size, kind).toEqual(
        populationEstimate(count, { sampleSize: engine.stats.accounts, rate: engine.scale }),
      );
      if (kind === 'earlier') expect(used.dropped).toBe(0);
      const one = single(SOCCER, against);
      expect(countPanels(report), kind).toEqual(countPanels(one));
      // Each baseline moved the affinities (against itself every affinity is 1).
      if (kind === 'earlier') {
        expect(report.demographics.countries.every((s) => s.affinity === 1)).toBe(true);
      }
      if (kind === 'country') {
        expect(countPanels(report)).not.toEqual(countPanels(single(SOCCER)));
      }
    }
    // The earlier point's members were pushed for the question only.
    const kv = await new Kvm(nc!).open(SETS_BUCKET);
    const left: string[] = [];
    for await (const key of await kv.keys(`${token}.sets.>`)) {
      const entry = await kv.get(key);
      if (entry?.operation === 'PUT') left.push(key);
    }
    expect(left).toEqual([]);
  });
});
