import { describe, expect, it } from 'vitest';
import { advanceTo } from '@murmur/sandbox';
import type { AudienceConfig, UploadedAudience, XEstimate } from '@murmur/core/api';
import { predictXEstimate } from '@murmur/core/sampling';
import { subscriptions } from '../../db/schema';
import { seedGroup } from '../../test/seed';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';

/**
 * POST /api/build-audience/x-estimate/: X's own range from the sandbox's Ads API (over HTTP) with a
 * team's granted ad account, the prediction otherwise, and another team's ad account refused.
 */
const k = useSandboxTestApp({ seed: 'x-estimate-tests', accounts: 1500 });

const URL = '/api/build-audience/x-estimate/';
const coffee = { targeting_package: { keywords: [{ label: 'coffee' }] } };

describe('X’s audience estimate beside Murmur’s', () => {
  it('reads X’s range with the team’s granted ad account, predicts it otherwise', async () => {
    const ann = await k.t.signIn('ann-xest@example.com');
    const xId = await k.storeXToken(ann, 0);
    const { slug, accountId } = await k.teamWithAdAccount(ann, xId);
    await k.call(ann, 'GET', '/api/user/accounts/');

    const fromX = await k.call(ann, 'POST', URL, { ...coffee, team: slug });
    expect(fromX.statusCode, fromX.body).toBe(200);
    const x = fromX.json<XEstimate>();
    const asked = (await k.ads(xId, 'POST', `accounts/${accountId}/audience_estimate`, {
      targeting_criteria: [{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'coffee' }],
    })) as { audience_size: { min: number; max: number } };
    expect(x).toMatchObject({ account_id: accountId, fallback: null });
    expect(x.figure).toMatchObject({
      kind: 'x',
      metric: 'audience_estimate',
      predicted: false,
      low: asked.audience_size.min,
      high: asked.audience_size.max,
    });
    // The estimate is build-audience's own figure.
    const built = await k.call(ann, 'POST', '/api/build-audience/', coffee);
    expect(x.estimate).toEqual(built.json<{ figure: unknown }>().figure);

    // Without a team: the prediction from Murmur's estimate.
    const answer = await k.call(ann, 'POST', URL, coffee);
    expect(answer.statusCode, answer.body).toBe(200);
    const predicted = answer.json<XEstimate>();
    expect(predicted).toMatchObject({ account_id: null, fallback: 'no_ad_account' });
    expect(predicted.figure).toEqual(predictXEstimate(predicted.estimate));
    expect(predicted.figure.predicted).toBe(true);

    // A team without an ad account: predicted too.
    const bare = await k.call(ann, 'POST', '/api/teams/', { name: 'Ann no accounts' });
    const noAccount = await k.call(ann, 'POST', URL, { ...coffee, team: bare.json<{ slug: string }>().slug });
    expect(noAccount.json<XEstimate>()).toMatchObject({
      fallback: 'no_ad_account',
      figure: { predicted: true },
    });
  });

  it('falls back to the prediction when X fails, and says so', async () => {
    const bob = await k.t.signIn('bob-xest@example.com');
    const xId = await k.storeXToken(bob, 1);
    const { slug, accountId } = await k.teamWithAdAccount(bob, xId);
    await k.call(bob, 'GET', '/api/user/accounts/');
    // An interest X's catalogue does not know: X refuses the targeting.
    const answer = await k.call(bob, 'POST', URL, {
      targeting_package: { keywords: [{ label: 'coffee' }], interests: [{ label: 'Nothing/Such thing' }] },
      team: slug,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<XEstimate>();
    expect(body).toMatchObject({ account_id: accountId, fallback: 'x_failed' });
    expect(body.figure).toEqual(predictXEstimate(body.estimate));
  });

  it('refuses another team’s ad account and teams the caller is not in (SPEC §8 shape)', async () => {
    const cat = await k.t.signIn('cat-xest@example.com');
    const dan = await k.t.signIn('dan-xest@example.com');
    const catX = await k.storeXToken(cat, 2);
    const danX = await k.storeXToken(dan, 3);
    const cats = await k.teamWithAdAccount(cat, catX);
    const dans = await k.teamWithAdAccount(dan, danX);
    await k.call(cat, 'GET', '/api/user/accounts/');

    const other = await k.call(cat, 'POST', URL, { ...coffee, team: cats.slug, account_id: dans.accountId });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Not found.' });
    const notMember = await k.call(cat, 'POST', URL, { ...coffee, team: dans.slug });
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json()).toEqual({ detail: 'Not found.' });
    const signedOut = await k.t.app.inject({
      method: 'POST',
      url: URL,
      payload: { ...coffee, team: cats.slug },
    });
    expect(signedOut.statusCode).toBe(403);
    expect(signedOut.json<{ detail: string }>().detail).toEqual(expect.any(String));
    const bad = await k.call(cat, 'POST', URL, { ...coffee, team: cats.slug, account_id: '../x' });
    expect(bad.statusCode).toBe(400);
  });

  it('sends an excluded audience X knows as a custom audience of the ad account, and names the others', async () => {
    const eve = await k.t.signIn('eve-xest@example.com');
    const xId = await k.storeXToken(eve, 4);
    const { teamId, slug, accountId } = await k.teamWithAdAccount(eve, xId);
    await k.call(eve, 'GET', '/api/user/accounts/');
    await seedGroup(k.t.db, eve.user.id, 'Audience_creator');
    const save = async (name: string, targeting_package: object) => {
      const saved = await k.call(eve, 'POST', '/api/audience-configs/', {
        name,
        targeting_package,
        team: slug,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      return saved.json<AudienceConfig>().id;
    };
    const english = await save('English speakers', { languages: [{ label: 'English' }] });
    const japanese = await save('Japanese speakers', { languages: [{ label: 'Japanese' }] });
    // Uploads need an active plan; the English speakers go to X and X processes them.
    await k.t.db.insert(subscriptions).values({ teamId, active: true, start: new Date(0), planName: 'Pro' });
    const upload = await k.call(eve, 'POST', '/api/uploaded-audiences/', {
      audience_config: english,
      team: slug,
      account_id: accountId,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const customAudience = upload.json<UploadedAudience>().custom_audience_id;
    advanceTo(k.network, k.network.clock.now + 2 * 3600);
    k.t.clock.advance(10_000);
    const listed = await k.call(eve, 'GET', `/api/uploaded-audiences/?team=${slug}`);
    expect(listed.json<UploadedAudience[]>()[0]).toMatchObject({ targetable: true });

    const answer = await k.call(eve, 'POST', URL, { ...coffee, exclusions: [english, japanese], team: slug });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<XEstimate>();
    // The Japanese speakers were never uploaded: X's range cannot remove them, and says which.
    expect(body).toMatchObject({ fallback: null, exclusions_not_sent: [japanese] });
    const range = async (criteria: object[]) =>
      (
        (await k.ads(xId, 'POST', `accounts/${accountId}/audience_estimate`, {
          targeting_criteria: criteria,
        })) as { audience_size: { min: number; max: number } }
      ).audience_size;
    const keyword = { targeting_type: 'BROAD_KEYWORD', targeting_value: 'coffee' };
    const without = await range([keyword]);
    const excluded = await range([
      keyword,
      { targeting_type: 'CUSTOM_AUDIENCE', targeting_value: customAudience, operator_type: 'NE' },
    ]);
    // Most coffee talkers speak English: X's range with the exclusion is another, smaller one.
    expect(excluded.max).toBeLessThan(without.min);
    expect(body.figure).toMatchObject({ predicted: false, low: excluded.min, high: excluded.max });
    // Without a team the prediction is Murmur's estimate, which removes both: nothing is left out.
    const predicted = await k.call(eve, 'POST', URL, { ...coffee, exclusions: [english, japanese] });
    expect(predicted.json<XEstimate>()).toMatchObject({ fallback: 'no_ad_account', exclusions_not_sent: [] });
  });
});
