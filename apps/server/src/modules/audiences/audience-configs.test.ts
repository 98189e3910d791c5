import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIENCE_CREATOR_GROUP,
  estimateSchema,
  type AudienceConfig,
  type AudienceConfigList,
  type AudiencePlan,
  type SaveAudienceConfig,
} from '@murmur/core/api';
import {
  EMPTY_TARGETING_MESSAGE,
  EXCLUSION_AUDIENCE_CATEGORY,
  type TargetingPackageInput,
} from '@murmur/core/targeting';
import type { AudienceEngine } from '@murmur/engine';
import { anyNumber, anyString } from '../../test/matchers';
import { seedGroup } from '../../test/seed';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { teamKit } from '../../test/team-kit';
import { pkg } from './audience-test-kit';
import { listCategories } from './categories.repository';
import { userGroups } from '../../db/schema';

let t: TestApp;
let engine: AudienceEngine;
let alice: TestSession;
const kit = teamKit(() => t);

// Real catalogue values of the 3 000-account test network.
const english = { languages: [{ label: 'English' }] };
const soccer = { interests: [{ label: 'Sports/Soccer' }] };
const twoInterests = { interests: [{ label: 'Sports/Soccer' }, { label: 'Gaming/Mobile gaming' }] };

beforeAll(async () => {
  const network = await testNetwork();
  engine = network.engine;
  t = await createTestApp({}, { engine: network.holder });
  alice = await t.signIn('alice@example.com');
  await seedGroup(t.db, alice.user.id, AUDIENCE_CREATOR_GROUP);
});
afterAll(() => t.close());

const get = (url: string, who = alice) => t.app.inject({ url, headers: who.tokenAuth });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = alice) =>
  t.app.inject({
    method,
    url,
    headers: who.tokenAuth,
    ...(payload !== undefined && { payload: payload as object }),
  });
const personalCount = async () => (await get('/api/audience-configs/')).json<AudienceConfigList>().count;

describe('creator access (SPEC §6; deviation 6)', () => {
  it('refuses a built package from a user outside the Audience_creator group, even a team admin', async () => {
    const admin = await t.signIn('admin-no-group@example.com');
    const team = await kit.createTeam(admin, 'No creators');
    const before = (await get('/api/audience-configs/', admin)).json<AudienceConfigList>().count;
    const res = await send(
      'POST',
      '/api/audience-configs/',
      { name: 'Built', targeting_package: soccer, team: team.slug },
      admin,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Saving audiences you build needs creator access (the Audience_creator group).',
    });
    expect((await get('/api/audience-configs/', admin)).json<AudienceConfigList>().count).toBe(before);

    await seedGroup(t.db, admin.user.id, AUDIENCE_CREATOR_GROUP);
    const again = await send(
      'POST',
      '/api/audience-configs/',
      { name: 'Built', targeting_package: soccer, team: team.slug },
      admin,
    );
    expect(again.statusCode).toBe(201);
  });

  it('lets anyone rename a readable config without changing its package', async () => {
    const member = await t.signIn('renamer@example.com');
    const own = await kit.createConfig(member, { name: 'Mine', targeting_package: soccer });
    await t.db.delete(userGroups).where(eq(userGroups.userId, member.user.id));
    const renamed = await send(
      'PUT',
      `/api/audience-configs/${own.id}/`,
      { name: 'Renamed', targeting_package: own.targeting_package },
      member,
    );
    expect(renamed.statusCode).toBe(200);
    const changed = await send(
      'PUT',
      `/api/audience-configs/${own.id}/`,
      { name: 'Renamed', targeting_package: english },
      member,
    );
    expect(changed.statusCode).toBe(403);
  });
});

describe('saving an audience', () => {
  it('stores the engine’s numbers for the package', async () => {
    const body = { ...english, ...twoInterests };
    const config = await kit.createConfig(alice, { name: 'Gamers and fans', targeting_package: body });
    const audience = engine.evaluate(pkg(body));
    const estimate = engine.estimate(pkg(body));
    const sizeFigure: unknown = expect.objectContaining({
      kind: 'estimate',
      value: estimate.populationEstimate,
      sample: estimate.sampleCount,
    });
    const coreFigure: unknown = expect.objectContaining({
      kind: 'estimate',
      value: Math.round(engine.coreAudience(pkg(body), audience) * engine.scale),
      sample: engine.coreAudience(pkg(body), audience),
    });
    expect(config).toEqual({
      id: anyNumber,
      name: 'Gamers and fans',
      kind: 'builder',
      category: null,
      categories: [],
      country: null,
      targeting_package: pkg(body),
      exclusions: [],
      size: estimate.populationEstimate,
      sample_count: estimate.sampleCount,
      size_bucket: estimate.sizeBucket,
      core_audience: Math.round(engine.coreAudience(pkg(body), audience) * engine.scale),
      total_native: estimate.populationEstimate,
      pro_targeting_size: estimate.populationEstimate,
      // The size is Murmur's estimate with its interval; what an upload would hold is a count.
      size_figure: sizeFigure,
      upload_figure: { kind: 'count', of: 'upload', value: estimate.sampleCount },
      // Core, native and pro-targeting sizes are estimates of the same sample, with their intervals.
      core_figure: coreFigure,
      native_figure: sizeFigure,
      pro_targeting_figure: sizeFigure,
      status: estimate.sampleCount >= 100 ? 'Active' : 'Draft',
      has_insights: false,
      is_super_insights: false,
      targetable: estimate.sampleCount >= 100,
      created_by: { id: alice.user.id, email: 'alice@example.com', name: '' },
      team: null,
      ad_account: null,
      created: anyString,
      modified: anyString,
    });
    expect(estimate.sampleCount).toBeGreaterThan(0);
    expect(config.size_figure.low).toBeLessThan(config.size);
    expect(config.size_figure.high).toBeGreaterThan(config.size);
    // Core = members matching both interests: fewer than either alone, more than none here.
    expect(config.core_audience).toBeLessThan(config.size);
    expect(config.core_figure.low).toBeLessThanOrEqual(config.core_audience);
    expect(config.core_figure.high).toBeGreaterThan(config.core_audience);
  });

  it('counts a package with one primary item wholly as core, and names its first country', async () => {
    const body = {
      ...soccer,
      countries: [
        { label: 'Japan', id: 'JP' },
        { label: 'Spain', id: 'ES' },
      ],
    };
    const config = await kit.createConfig(alice, { name: 'Soccer JP/ES', targeting_package: body });
    expect(config.core_audience).toBe(config.size);
    expect(config.country).toBe('Japan');
    expect(config.size).toBe(engine.estimate(pkg(body)).populationEstimate);
  });

  it('marks a tiny audience as not targetable (fewer than 100 sample accounts) and Draft', async () => {
    const body = { ...soccer, countries: [{ label: 'Iceland' }] };
    const config = await kit.createConfig(alice, { name: 'Tiny', targeting_package: body });
    expect(config.sample_count).toBeLessThan(100);
    expect([config.targetable, config.status]).toEqual([false, 'Draft']);
  });

  it('refuses an empty package with the SPEC §5 message and writes nothing', async () => {
    const before = await personalCount();
    for (const targeting_package of [{}, { keywords: [{ label: 'thread', deselected: true }] }]) {
      const res = await send('POST', '/api/audience-configs/', { name: 'Empty', targeting_package });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [EMPTY_TARGETING_MESSAGE] });
    }
    expect(await personalCount()).toBe(before);
  });

  it('saves a ready-made store audience with from_audience', async () => {
    const store = await t.app.inject({ url: '/api/audiences/' });
    const first = store.json<{ results: { id: number; targeting_package: object; category: object }[] }>()
      .results[0]!;
    const config = await kit.createConfig(alice, { name: 'From the store', from_audience: first.id });
    expect(config).toMatchObject({
      kind: 'saved_list',
      targeting_package: first.targeting_package,
      category: first.category,
    });
    expect(config.size).toBe(engine.estimate(pkg(first.targeting_package)).populationEstimate);
  });

  it.each([
    ['no name', { targeting_package: english }, 'name'],
    ['a blank name', { name: '   ', targeting_package: english }, 'name'],
    ['a name over 200 characters', { name: 'x'.repeat(201), targeting_package: english }, 'name'],
    ['no package', { name: 'No package' }, 'targeting_package'],
    [
      'an age outside SPEC §3',
      { name: 'Bad', targeting_package: { age: ['AGE_OVER_99'] } },
      'targeting_package',
    ],
    ['a wrong kind', { name: 'Bad', targeting_package: english, kind: 'campaign' }, 'kind'],
    ['an unknown category', { name: 'Bad', targeting_package: english, category_id: 999_999 }, 'category_id'],
    ['a store audience that does not exist', { name: 'Bad', from_audience: 999_999 }, 'from_audience'],
    [
      'exclusions that are not ids',
      { name: 'Bad', targeting_package: english, exclusions: ['x'] },
      'exclusions',
    ],
  ])('answers 400 for %s, naming the field, and writes nothing', async (_what, body, field) => {
    const before = await personalCount();
    const res = await send('POST', '/api/audience-configs/', body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<object>())).toEqual([field]);
    expect(await personalCount()).toBe(before);
  });

  it('answers 400 for a body that is not an object', async () => {
    const res = await send('POST', '/api/audience-configs/', [1, 2]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Invalid data. Expected a JSON object.'] });
  });
});

describe('reading, replacing and deleting', () => {
  let config: AudienceConfig;
  beforeAll(async () => {
    config = await kit.createConfig(alice, { name: 'Editable', targeting_package: english });
  });

  it('gets a config', async () => {
    const res = await get(`/api/audience-configs/${config.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(config);
  });

  it('PUT replaces the package and recomputes the sizes', async () => {
    const body = { ...english, ...soccer };
    const res = await send('PUT', `/api/audience-configs/${config.id}/`, {
      name: 'Edited',
      targeting_package: body,
      kind: 'saved_list',
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<AudienceConfig>();
    expect(updated).toMatchObject({
      id: config.id,
      name: 'Edited',
      kind: 'saved_list',
      created: config.created,
    });
    expect(updated.size).toBe(engine.estimate(pkg(body)).populationEstimate);
    expect(updated.size).toBeLessThan(config.size);
    expect(Date.parse(updated.modified)).toBeGreaterThanOrEqual(Date.parse(config.modified));
  });

  it('PUT with an empty package is refused and changes nothing', async () => {
    const before = (await get(`/api/audience-configs/${config.id}/`)).json<AudienceConfig>();
    const res = await send('PUT', `/api/audience-configs/${config.id}/`, {
      name: 'X',
      targeting_package: {},
    });
    expect(res.json()).toEqual({ non_field_errors: [EMPTY_TARGETING_MESSAGE] });
    expect((await get(`/api/audience-configs/${config.id}/`)).json()).toEqual(before);
  });

  it('an audience cannot exclude itself', async () => {
    const res = await send('PUT', `/api/audience-configs/${config.id}/`, {
      name: 'Self',
      targeting_package: english,
      exclusions: [config.id],
    });
    expect([res.statusCode, Object.keys(res.json<object>())]).toEqual([400, ['exclusions']]);
  });

  it('downloads the package as an attachment named after the config', async () => {
    const named = await kit.createConfig(alice, { name: 'Café Fans — Tokyo!', targeting_package: soccer });
    const res = await get(`/api/external/audience-configs/${named.id}/targeting-package/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="cafe-fans-tokyo-targeting-package.json"',
    );
    expect(res.json()).toEqual(pkg(soccer));
  });

  it('deletes with 204, then the config is gone', async () => {
    const doomed = await kit.createConfig(alice, { name: 'Doomed', targeting_package: soccer });
    const res = await send('DELETE', `/api/audience-configs/${doomed.id}/`);
    expect([res.statusCode, res.body]).toEqual([204, '']);
    expect((await get(`/api/audience-configs/${doomed.id}/`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/audience-configs/${doomed.id}/`)).statusCode).toBe(404);
  });

  it('answers 404 for ids that cannot name a config', async () => {
    for (const id of ['0', '-1', 'abc', '99999999999']) {
      expect((await get(`/api/audience-configs/${id}/`)).statusCode).toBe(404);
    }
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ url: '/api/audience-configs/' });
    expect([res.statusCode, res.json()]).toEqual([
      403,
      { detail: 'Authentication credentials were not provided.' },
    ]);
  });
});

describe('listing', () => {
  let lister: TestSession;
  const made: AudienceConfig[] = [];
  beforeAll(async () => {
    lister = await t.signIn('lister@example.com');
    const categories = await listCategories(t.db);
    const sports = categories.find((c) => c.name === 'Sports')!;
    for (const [name, body, extra] of [
      ['Bravo soccer', soccer, { category_id: sports.id }],
      ['alpha english', english, {}],
      ['Charlie both', { ...english, ...soccer }, { kind: 'saved_list' as const }],
      ['Delta tiny', { ...soccer, countries: [{ label: 'Iceland' }] }, {}],
      ['Echo 100%_sure', twoInterests, {}],
    ] satisfies [string, TargetingPackageInput, Partial<SaveAudienceConfig>][]) {
      made.push(await kit.createConfig(lister, { name, targeting_package: body, ...extra }));
      t.clock.advance(1000);
    }
  });
  const list = async (query: string) => {
    const res = await get(`/api/audience-configs/${query}`, lister);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AudienceConfigList>();
  };
  const names = (page: AudienceConfigList) => page.results.map((c) => c.name);

  it('lists the newest change first by default, with pagination and a next link', async () => {
    const first = await list('?limit=2');
    expect(first.count).toBe(5);
    expect(names(first)).toEqual(['Echo 100%_sure', 'Delta tiny']);
    expect(first.next).toBe('/api/audience-configs/?limit=2&offset=2');
    const last = await list('?limit=2&offset=4');
    expect([names(last), last.next]).toEqual([['Bravo soccer'], null]);
  });

  it('counts every match on a page past the end (count and page are one statement otherwise)', async () => {
    const beyond = await list('?limit=2&offset=10');
    expect([beyond.count, names(beyond), beyond.next]).toEqual([5, [], null]);
    expect((await list('?limit=2&offset=4&search=o')).count).toBe((await list('?search=o')).count);
  });

  it('sorts by name (ignoring case), size and creation', async () => {
    expect(names(await list('?ordering=name'))).toEqual([
      'alpha english',
      'Bravo soccer',
      'Charlie both',
      'Delta tiny',
      'Echo 100%_sure',
    ]);
    const bySize = (await list('?ordering=-size')).results.map((c) => c.size);
    expect(bySize).toEqual([...bySize].sort((a, b) => b - a));
    expect(names(await list('?ordering=created&limit=1'))).toEqual(['Bravo soccer']);
  });

  it('filters by search (literally), kind, targetable and category', async () => {
    expect(names(await list('?search=SOCCER'))).toEqual(['Bravo soccer']);
    expect(names(await list('?search=100%25_'))).toEqual(['Echo 100%_sure']);
    expect(names(await list('?search=_'))).toEqual(['Echo 100%_sure']);
    expect(names(await list('?kind=saved_list'))).toEqual(['Charlie both']);
    const notTargetable = made.filter((c) => !c.targetable).map((c) => c.name);
    expect(notTargetable).toContain('Delta tiny');
    expect(names(await list('?targetable=false&ordering=created'))).toEqual(notTargetable);
    expect((await list('?targetable=true')).count).toBe(5 - notTargetable.length);
    expect(names(await list('?category=sports'))).toEqual(['Bravo soccer']);
    expect(names(await list(`?category=${made[0]!.category!.id}`))).toEqual(['Bravo soccer']);
    expect(names(await list('?status=Draft&ordering=created'))).toEqual(notTargetable);
  });

  it('gives each user their own list from the same prepared statement (same filters, other values)', async () => {
    const other = await t.signIn('other-lister@example.com');
    await kit.createConfig(other, { name: 'Other soccer', targeting_package: soccer });
    expect(names(await list('?search=soccer&limit=3'))).toEqual(['Bravo soccer']);
    const theirs = await get('/api/audience-configs/?search=soccer&limit=3', other);
    expect(theirs.json<AudienceConfigList>().results.map((c) => c.name)).toEqual(['Other soccer']);
    expect(names(await list('?search=soccer&limit=3'))).toEqual(['Bravo soccer']);
  });

  it('answers 400 for a bad query and 404 for a team the caller is not in', async () => {
    for (const q of ['?ordering=colour', '?limit=0', '?limit=1000', '?targetable=maybe', '?offset=-1']) {
      expect((await get(`/api/audience-configs/${q}`, lister)).statusCode, q).toBe(400);
    }
    expect((await get('/api/audience-configs/?team=nobodys-team', lister)).statusCode).toBe(404);
  });
});

describe('exclusions', () => {
  it('subtracts readable configs from build-audience and from saved sizes', async () => {
    const categories = await listCategories(t.db);
    const exclusionCategory = categories.find((c) => c.name === EXCLUSION_AUDIENCE_CATEGORY)!;
    const excluded = await kit.createConfig(alice, {
      name: 'Soccer fans (exclude)',
      targeting_package: soccer,
      category_id: exclusionCategory.id,
    });
    const res = await send('POST', '/api/build-audience/', {
      targeting_package: english,
      exclusions: [excluded.id],
    });
    const expected = engine.estimate(pkg(english), { exclusions: [pkg(soccer)] });
    // The body is serialised by the estimate cache, not the route's schema: it must still be exactly it.
    expect(estimateSchema.strict().safeParse(res.json()).success).toBe(true);
    expect(res.json()).toMatchObject({
      sample_count: expected.sampleCount,
      population_estimate: expected.populationEstimate,
    });
    expect(expected.sampleCount).toBeLessThan(engine.estimate(pkg(english)).sampleCount);

    const saved = await kit.createConfig(alice, {
      name: 'English without soccer',
      targeting_package: english,
      exclusions: [excluded.id],
    });
    expect([saved.size, saved.exclusions]).toEqual([expected.populationEstimate, [excluded.id]]);

    const listed = await get('/api/external/exclusion-audiences/');
    expect(listed.json<{ results: AudienceConfig[] }>().results.map((c) => c.id)).toEqual([excluded.id]);
    expect(excluded.category).toEqual({ id: exclusionCategory.id, name: EXCLUSION_AUDIENCE_CATEGORY });
  });

  it('seeds the audience categories, Exclusion Audience included', async () => {
    const names = (await listCategories(t.db)).map((c) => c.name);
    expect(names).toContain(EXCLUSION_AUDIENCE_CATEGORY);
    expect(names.length).toBeGreaterThan(5);
  });
});

describe('audience plans', () => {
  it('creates, lists, replaces and deletes the caller’s plans', async () => {
    const a = await kit.createConfig(alice, { name: 'Plan member', targeting_package: soccer });
    const created = await send('POST', '/api/audience-plan/', { name: 'Q3', audience_config_ids: [a.id] });
    expect(created.statusCode).toBe(201);
    const plan = created.json<AudiencePlan>();
    expect(plan).toEqual({
      id: anyNumber,
      name: 'Q3',
      audience_config_ids: [a.id],
      notes: '',
      reach: null,
      created: anyString,
      modified: anyString,
    });
    expect((await get('/api/audience-plan/')).json()).toEqual([plan]);
    const put = await send('PUT', `/api/audience-plan/${plan.id}/`, { name: 'Q4', notes: 'launch' });
    expect(put.json()).toMatchObject({ name: 'Q4', notes: 'launch', audience_config_ids: [] });
    expect((await send('DELETE', `/api/audience-plan/${plan.id}/`)).statusCode).toBe(204);
    expect((await get(`/api/audience-plan/${plan.id}/`)).statusCode).toBe(404);
  });

  it('refuses configs the caller cannot read, and keeps plans private', async () => {
    const mallory = await t.signIn('mallory@example.com');
    const a = await kit.createConfig(alice, { name: 'Private', targeting_package: soccer });
    const res = await send(
      'POST',
      '/api/audience-plan/',
      { name: 'Spy', audience_config_ids: [a.id] },
      mallory,
    );
    expect([res.statusCode, Object.keys(res.json<object>())]).toEqual([400, ['audience_config_ids']]);
    const plan = (await send('POST', '/api/audience-plan/', { name: 'Mine' })).json<AudiencePlan>();
    expect((await get(`/api/audience-plan/${plan.id}/`, mallory)).statusCode).toBe(404);
    expect((await send('PUT', `/api/audience-plan/${plan.id}/`, { name: 'Taken' }, mallory)).statusCode).toBe(
      404,
    );
    expect((await send('DELETE', `/api/audience-plan/${plan.id}/`, undefined, mallory)).statusCode).toBe(404);
    expect((await get('/api/audience-plan/', mallory)).json()).toEqual([]);
  });
});
