import { Kvm } from '@nats-io/kv';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AudienceConfig, Estimate, Job, LookalikeResult, OverlapResult, Team } from '@murmur/core/api';
import { SETS_BUCKET } from '@murmur/engine-cluster';
import { lookalikeKit } from '../../test/lookalike-kit';
import { natsWithJetStream, useShardedTestApp } from '../../test/shard-cluster-kit';

/**
 * Lookalikes and uploads when the server runs over a sharded engine (docs/engine.md "Lookalikes",
 * "Sets pushed to the shards"): the lookalike job is ranked by the shards and gives the single
 * engine's result; a saved lookalike, and the upload of it to the sandbox's X, are pushed to the
 * shards (JetStream KV), so the estimates and overlaps the shards answer count them; a save that
 * fails leaves no set behind. Two shard processes on the machine's NATS (127.0.0.1:4222), under a
 * prefix of this run's own; skipped without NATS with JetStream.
 */
const nc = await natsWithJetStream('lookalikes-shards.test.ts');
afterAll(() => nc?.close());

const SHARDS = 2;

describe.skipIf(!nc)(`lookalikes and uploads over ${SHARDS} shards`, () => {
  const id = `${process.pid}_${Date.now()}`;
  const prefix = `murmur.test.${id}.lookalike`;
  /** Every request the shards get, by operation. */
  const asked = new Map<string, number>();
  const sharded = useShardedTestApp({
    nc: nc!,
    seed: 'lookalike-shards',
    prefix,
    shards: SHARDS,
    started: () => {
      const seen = nc!.subscribe(`${prefix}.*.*`);
      void (async () => {
        for await (const m of seen) {
          const op = m.subject.slice(m.subject.lastIndexOf('.') + 1);
          asked.set(op, (asked.get(op) ?? 0) + 1);
        }
      })();
    },
  });
  const { k, token } = sharded;

  /** The names of the sets this run pushed to the shards (JetStream KV), each once. */
  async function pushedNames(): Promise<string[]> {
    const kv = await new Kvm(nc!).open(SETS_BUCKET);
    const names = new Set<string>();
    for await (const key of await kv.keys(`${token}.sets.>`)) {
      const entry = await kv.get(key);
      if (entry?.operation === 'PUT') names.add((entry.json<{ name: string }>() ?? { name: '' }).name);
    }
    return [...names].sort();
  }

  const { send, saveSeed, direct, memberOf, uploadToX, onX } = lookalikeKit(k);

  async function setup(email: string) {
    const user = await k.t.signIn(email);
    const team = (await send(user, 'POST', '/api/teams/', { name: `Team of ${email}` })).json<Team>();
    return { user, team, seed: await saveSeed(user, team) };
  }

  it("ranks the lookalike job on the shards: the single engine's recall, sizes, samples and reasons", async () => {
    const { user, seed } = await setup('shard-look-ann@example.com');
    const before = asked.get('lookalikeRank') ?? 0;
    const res = await send(user, 'POST', '/api/audience-configs/lookalikes/?wait=1', {
      seed: { audience_config_id: seed.id },
      country: 'us',
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json<{ job: Job }>().job;
    expect(job).toMatchObject({ kind: 'lookalike', state: 'done' });
    const result = job.result as LookalikeResult;
    const one = direct('US').result;
    expect(result.seed).toMatchObject({ sample_count: one.seed.size, held_out: one.seed.heldOut });
    expect(result.sizes.map((s) => [s.percent, s.sample_count, s.recall, s.baseline_recall])).toEqual(
      one.sizes.map((s) => [s.percent, s.count, s.recall, s.baselineRecall]),
    );
    expect(result.sizes.some((s) => (s.recall ?? 0) > 0)).toBe(true);
    expect(result.samples.map((s) => [s.account.handle, s.reasons.map((r) => r.label)])).toEqual(
      one.samples.map((s) => [s.account.handle, s.reasons.map((r) => r.label)]),
    );
    // Ranked by the shards: each was asked.
    expect(Object.fromEntries(asked)).toHaveProperty('lookalikeRank');
    expect((asked.get('lookalikeRank') ?? 0) - before).toBeGreaterThanOrEqual(SHARDS);
  });

  it('pushes a saved lookalike and its upload to X to the shards: their estimates and overlaps count them', async () => {
    const { user, team, seed } = await setup('shard-look-bob@example.com');
    const saved = await send(user, 'POST', '/api/audience-configs/lookalikes/save/', {
      seed: { audience_config_id: seed.id },
      country: 'US',
      size: 5,
      name: 'Soccer lookalike on shards',
      team: team.slug,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const config = saved.json<AudienceConfig>();
    const { seed: seedSet, result } = direct('US');
    const expected = result.sizes.find((s) => s.percent === 5)!.count;
    expect(expected).toBeGreaterThan(0);
    // Sized when saved, through the shards: the set was pushed before.
    expect(config.sample_count).toBe(expected);
    const [audienceName] = config.targeting_package.custom_audiences.map((c) => c.name);
    expect(await pushedNames()).toContain(audienceName);
    const estimate = async (pkg: object) =>
      (await send(user, 'POST', '/api/build-audience/', { targeting_package: pkg })).json<Estimate>()
        .sample_count;
    expect(await estimate(config.targeting_package)).toBe(expected);

    // The overlap with its seed, through the shards: the lookalike holds no seed member. The call is
    // counted at the sharded engine, in this process: the count of the shards' requests seen on the
    // test's own NATS connection once missed it (counts right, 0 requests seen; cause not found).
    const shardsOverlap = vi.spyOn(sharded.holder.audiences(), 'overlapMany');
    const overlap = await send(user, 'POST', '/api/audience-configs/overlap/?wait=1', {
      audiences: [{ audience_config_id: seed.id }, { audience_config_id: config.id }],
    });
    expect(overlap.statusCode, overlap.body).toBe(200);
    const counts = overlap.json<{ job: Job }>().job.result as OverlapResult;
    expect(counts.audiences.map((a) => a.size.sample)).toEqual([seedSet.count, expected]);
    expect(counts.pairs[0]!.overlap.sample).toBe(0);
    expect(counts.union.sample).toBe(seedSet.count + expected);
    expect(shardsOverlap).toHaveBeenCalledTimes(1);
    shardsOverlap.mockRestore();

    // Uploaded to the sandbox's X: the custom audience, by its X id and its name, on the shards too.
    const xId = await k.connectX(user, 3);
    const account = await k.openAdAccount(xId, 'Shard lookalikes on X');
    await send(user, 'GET', '/api/user/accounts/');
    const member = await memberOf(user, team);
    const upload = await uploadToX(user, { team, member, account, config });
    expect(upload.uploaded_count).toBe(expected);
    expect(await onX(xId, account, upload)).toMatchObject({ name: config.name, audience_size: expected });
    expect(await pushedNames()).toEqual(expect.arrayContaining([upload.custom_audience_id, config.name]));
    expect(await estimate({ custom_audiences: [{ name: upload.custom_audience_id }] })).toBe(expected);
  });

  it('leaves no set on the shards when saving fails after the set was pushed', async () => {
    const { user, seed } = await setup('shard-look-dee@example.com');
    const other = await k.t.signIn('shard-look-dee-other@example.com');
    const theirTeam = (await send(other, 'POST', '/api/teams/', { name: 'Not Dee’s team' })).json<Team>();
    const before = await pushedNames();
    const here = sharded.holder.get().customAudienceNames().sort();
    // Ranked on the shards and pushed to them, then saving into a team Dee is not in is refused.
    const refused = await send(user, 'POST', '/api/audience-configs/lookalikes/save/', {
      seed: { audience_config_id: seed.id },
      country: 'US',
      size: 5,
      name: 'Lookalike in the wrong team',
      team: theirTeam.slug,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await pushedNames()).toEqual(before);
    // Nor in the server's own engine.
    expect(sharded.holder.get().customAudienceNames().sort()).toEqual(here);
  });
});
