import { describe, expect, it } from 'vitest';
import type { AudienceConfig, Estimate, Job, LookalikeResult, Team } from '@murmur/core/api';
import { createInMemoryEngine } from '@murmur/engine';
import { exportChunks } from '@murmur/sandbox';
import { readyEngine } from '../../engine/engine-holder';
import { lookalikeKit } from '../../test/lookalike-kit';
import { restartedApp } from '../../test/test-app';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';

/**
 * Lookalikes through the API against the engine built from the sandbox network; a saved lookalike is
 * uploaded to the sandbox's Ads API over HTTP like any other saved audience.
 */
const k = useSandboxTestApp({ seed: 'lookalike-tests' });

const { send, saveSeed, direct, memberOf, uploadToX, onX } = lookalikeKit(k);

async function setup(email: string, pick: number) {
  const user = await k.t.signIn(email);
  const xId = await k.connectX(user, pick);
  const account = await k.openAdAccount(xId, `${email} on X`);
  // The ad accounts are read from X as the screens read them (granting checks against that list).
  const listed = (await send(user, 'GET', '/api/user/accounts/')).json<{ id: string }[]>();
  expect(listed.map((a) => a.id)).toContain(account);
  const team = (await send(user, 'POST', '/api/teams/', { name: `Team of ${email}` })).json<Team>();
  const member = await memberOf(user, team);
  return { user, xId, account, team, member, seed: await saveSeed(user, team) };
}

describe('lookalikes', () => {
  it('builds one as a job: per size the estimate, held-out recall beside the baseline, reasons per sampled account', async () => {
    const { user, seed } = await setup('look-ann@example.com', 3);
    const res = await send(user, 'POST', '/api/audience-configs/lookalikes/?wait=1', {
      seed: { audience_config_id: seed.id },
      country: 'us',
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json<{ job: Job }>().job;
    expect(job).toMatchObject({ kind: 'lookalike', state: 'done' });
    const result = job.result as LookalikeResult;
    const engine = direct('US').result;
    expect(result.method).toBe('log-lift');
    expect(result.country).toBe('US');
    expect(result.population.sample).toBe(engine.population);
    expect(result.seed).toMatchObject({ sample_count: engine.seed.size, held_out: engine.seed.heldOut });
    expect(result.sizes.map((s) => [s.percent, s.sample_count, s.recall, s.baseline_recall])).toEqual(
      engine.sizes.map((s) => [s.percent, s.count, s.recall, s.baselineRecall]),
    );
    for (const s of result.sizes) {
      expect(s.figure.value).toBe(s.sample_count * k.net.engine.scale);
      expect(s.figure.low).toBeLessThanOrEqual(s.figure.value);
      expect(s.figure.high).toBeGreaterThanOrEqual(s.figure.value);
    }
    expect(result.samples.map((s) => s.account.handle)).toEqual(engine.samples.map((s) => s.account.handle));
    expect(result.samples.length).toBeGreaterThan(0);
    for (const sample of result.samples) {
      expect(sample.reasons.length).toBeGreaterThan(0);
      expect(sample.reasons.length).toBeLessThanOrEqual(3);
      for (const r of sample.reasons) expect(r.seed_share).toBeGreaterThan(r.population_share);
    }

    // The same seed as an uploaded list of handles gives the same lookalike.
    const handles = k.net.engine.describeAccounts(direct('US').seed.toArray()).map((a) => `@${a.handle}`);
    const listed = await send(user, 'POST', '/api/audience-configs/lookalikes/?wait=1', {
      seed: { handles: [...handles, '@nobody_has_this_handle'] },
      country: 'US',
    });
    const fromList = listed.json<{ job: Job }>().job.result as LookalikeResult;
    expect(fromList.seed.unmatched).toBe(1);
    expect(fromList.sizes).toEqual(result.sizes);
  });

  it('saves one size as an audience that sizes as the lookalike and uploads to X like any other', async () => {
    const { user, xId, account, team, member, seed } = await setup('look-bob@example.com', 4);
    const saved = await send(user, 'POST', '/api/audience-configs/lookalikes/save/', {
      seed: { audience_config_id: seed.id },
      country: 'US',
      size: 5,
      name: 'Soccer lookalike 5 %',
      team: team.slug,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const config = saved.json<AudienceConfig>();
    const expected = direct('US').result.sizes.find((s) => s.percent === 5)!.count;
    expect(expected).toBeGreaterThan(0);
    expect(config).toMatchObject({ name: 'Soccer lookalike 5 %', sample_count: expected });
    expect(config.size).toBe(expected * k.net.engine.scale);

    // Opened and estimated like any saved audience.
    const opened = (await send(user, 'GET', `/api/audience-configs/${config.id}/`)).json<AudienceConfig>();
    const estimate = (
      await send(user, 'POST', '/api/build-audience/', { targeting_package: opened.targeting_package })
    ).json<Estimate>();
    expect(estimate.sample_count).toBe(expected);

    // Uploaded to the sandbox's X through the ad-account path.
    const upload = await uploadToX(user, { team, member, account, config });
    expect(upload).toMatchObject({ audience_config: config.id, name: config.name, state: 'processing' });
    expect(upload.uploaded_count).toBe(expected);
    expect((await onX(xId, account, upload)).name).toBe(config.name);

    // A restarted server (same database, an engine built afresh) registers the saved lookalike again
    // by its members' X ids, then the upload's custom audience from it: both size as before.
    const restarted = await restartedApp(
      k.t.db,
      readyEngine(await createInMemoryEngine(exportChunks(k.network))),
    );
    try {
      await restarted.ready();
      const size = async (pkg: object) =>
        (
          await restarted.inject({
            method: 'POST',
            url: '/api/build-audience/',
            payload: { targeting_package: pkg },
          })
        ).json<Estimate>().sample_count;
      let sizes: number[] = [];
      for (let i = 0; i < 100; i++) {
        sizes = [
          await size(opened.targeting_package),
          await size({ custom_audiences: [{ name: upload.name }] }),
        ];
        if (sizes[1] === expected) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(sizes).toEqual([expected, expected]);
    } finally {
      await restarted.close();
    }
  });

  it('leaves nothing in the engine when saving fails after its custom audience was registered', async () => {
    const { user, seed } = await setup('look-dee@example.com', 6);
    const other = await k.t.signIn('look-dee-other@example.com');
    const theirTeam = (await send(other, 'POST', '/api/teams/', { name: 'Not Dee’s team' })).json<Team>();
    const before = k.net.engine.customAudienceNames().sort();
    const listed = async () =>
      (await send(user, 'GET', '/api/audience-configs/')).json<{ results: AudienceConfig[] }>().results;
    const savedBefore = (await listed()).map((c) => c.id);

    // The members are ranked and registered, then saving into a team Dee is not in is refused.
    const refused = await send(user, 'POST', '/api/audience-configs/lookalikes/save/', {
      seed: { audience_config_id: seed.id },
      country: 'US',
      size: 5,
      name: 'Lookalike in the wrong team',
      team: theirTeam.slug,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(k.net.engine.customAudienceNames().sort()).toEqual(before);
    expect((await listed()).map((c) => c.id)).toEqual(savedBefore);

    // The same save into Dee's own list registers one custom audience, which then stays.
    const saved = await send(user, 'POST', '/api/audience-configs/lookalikes/save/', {
      seed: { audience_config_id: seed.id },
      country: 'US',
      size: 5,
      name: 'Lookalike of Dee',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const added = k.net.engine.customAudienceNames().filter((name) => !before.includes(name));
    expect(added).toEqual([expect.stringMatching(/^Lookalike 5 % [0-9a-f]{8}$/) as string]);
  });

  it("refuses bad input with SPEC §8 errors and reveals nothing of others' audiences", async () => {
    const { user, seed } = await setup('look-cy@example.com', 5);
    const eve = await k.t.signIn('look-eve@example.com');
    const url = '/api/audience-configs/lookalikes/';
    const notFound = { detail: 'Not found.' };
    const theirs = await send(eve, 'POST', url, { seed: { audience_config_id: seed.id } });
    expect([theirs.statusCode, theirs.json()]).toEqual([404, notFound]);
    const saveTheirs = await send(eve, 'POST', `${url}save/`, {
      seed: { audience_config_id: seed.id },
      size: 1,
      name: 'Stolen',
    });
    expect([saveTheirs.statusCode, saveTheirs.json()]).toEqual([404, notFound]);
    const unknown = await send(user, 'POST', url, { seed: { audience_config_id: 2_000_000_000 } });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, notFound]);

    expect((await send(null, 'POST', url, { seed: { audience_config_id: seed.id } })).statusCode).toBe(403);
    const both = await send(user, 'POST', url, { seed: { audience_config_id: seed.id, handles: ['a'] } });
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json())).toContain('Send either audience_config_id or handles.');
    const country = await send(user, 'POST', url, { seed: { audience_config_id: seed.id }, country: 'ZZ' });
    expect([country.statusCode, country.json()]).toEqual([400, { country: ['Unknown country code.'] }]);
    const size = await send(user, 'POST', url, { seed: { audience_config_id: seed.id }, sizes: [3] });
    expect(size.statusCode).toBe(400);
    const tiny = await send(user, 'POST', url, { seed: { handles: ['@nobody_has_this_handle'] } });
    expect([tiny.statusCode, tiny.json()]).toEqual([
      400,
      { seed: ['The seed needs at least 10 accounts that Murmur indexes.'] },
    ]);
  });
});
