import type { AudienceConfig } from '@murmur/core/api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { teamKit } from './test/team-kit';
import { anyString } from './test/matchers';
import { createTestApp, type TestApp, type TestSession } from './test/test-app';
import { testNetwork } from './test/test-engine';

/**
 * The tenancy guarantee of the routes the security review added (docs/SECURITY-REVIEW.md;
 * team-isolation.test.ts covers /api/teams/…): credentials, "download my data" and account deletion,
 * audience history/members/alerts, list share links and share offers, usages and their share links. The
 * routes come from the OpenAPI document: every operation under the prefixes below needs a request here
 * (or a stated reason to be left out), so a route added later fails this test until it is covered.
 *
 * Alice (admin of team A) owns one of everything; Carol (admin of team B) tries each route on it.
 * A route that names Alice's thing answers Carol 403 or 404 with a SPEC §8 body; a route about the
 * caller's own things answers Carol with nothing of Alice's. Afterwards Alice's things are as they were.
 */

const PREFIXES = [
  /^\/api\/user\/(credentials|export|delete-account)\//,
  /^\/api\/audience-configs\/\{pk\}\/(history|alerts)\//,
  /^\/api\/audience-alerts\//,
  /^\/api\/external\/audience-configs\//,
  /^\/api\/external\/audience-usages\//,
  // The overlap, lookalikes and a reach plan's push name saved audiences and plans too.
  /^\/api\/audience-configs\/(overlap|lookalikes)\//,
  /^\/api\/audience-plan\/\{pk\}\/push\//,
];

let t: TestApp;
const kit = teamKit(() => t);
let alice: TestSession;
let carol: TestSession;
let frank: TestSession; // offered Alice's list
let aliceConfig: AudienceConfig; // for team A
let aliceList: AudienceConfig; // a targeting list with a live share link
const ids = { alert: 0, usage: 0, offer: 0, session: 0, token: 0, listToken: '', plan: 0, teamA: '' };
const soccer = { interests: [{ label: 'Sports/Soccer' }] };

type Expect = 'refused' | 'own';
interface Probe {
  url: () => string;
  body?: () => object;
  /** refused: 403/404 with a SPEC §8 body; own: about the caller's own things only. */
  expect: Expect;
  /** Sent by a user of its own, signed in afresh (the route ends the caller's credentials or account). */
  endsTheCaller?: true;
}

const usageBody = () => ({
  ad_account_id: 'acc-1',
  state: 'applied',
  audience_config_id: aliceConfig.id,
  targeting_package: soccer,
  countries: [],
});

/** A request for each covered operation, naming Alice's rows where the route names one. */
const PROBES: Record<string, Probe> = {
  'GET /api/user/credentials/': { url: () => '/api/user/credentials/', expect: 'own' },
  'POST /api/user/credentials/revoke-all/': {
    url: () => '/api/user/credentials/revoke-all/',
    expect: 'own',
    endsTheCaller: true,
  },
  'POST /api/user/credentials/revoke-others/': {
    url: () => '/api/user/credentials/revoke-others/',
    expect: 'own',
    endsTheCaller: true,
  },
  'DELETE /api/user/credentials/sessions/{pk}/': {
    url: () => `/api/user/credentials/sessions/${ids.session}/`,
    expect: 'refused',
  },
  'DELETE /api/user/credentials/tokens/{pk}/': {
    url: () => `/api/user/credentials/tokens/${ids.token}/`,
    expect: 'refused',
  },
  'POST /api/user/delete-account/': {
    url: () => '/api/user/delete-account/',
    // Alice's address as the confirmation: refused (400, it is not the caller's), nothing of hers deleted.
    body: () => ({ email: alice.user.email }),
    expect: 'own',
    endsTheCaller: true,
  },
  'GET /api/user/export/': { url: () => '/api/user/export/', expect: 'own' },
  'POST /api/audience-configs/overlap/': {
    url: () => '/api/audience-configs/overlap/',
    body: () => ({
      audiences: [{ audience_config_id: aliceConfig.id }, { audience_config_id: aliceList.id }],
    }),
    expect: 'refused',
  },
  'POST /api/audience-configs/lookalikes/': {
    url: () => '/api/audience-configs/lookalikes/',
    body: () => ({ seed: { audience_config_id: aliceConfig.id } }),
    expect: 'refused',
  },
  'POST /api/audience-configs/lookalikes/save/': {
    url: () => '/api/audience-configs/lookalikes/save/',
    body: () => ({ seed: { audience_config_id: aliceConfig.id }, size: 5, name: 'Taken from Alice' }),
    expect: 'refused',
  },
  'POST /api/audience-plan/{pk}/push/': {
    url: () => `/api/audience-plan/${ids.plan}/push/`,
    body: () => ({ team: ids.teamA, account_id: 'acc-1', mode: 'union' }),
    expect: 'refused',
  },
  'GET /api/audience-configs/{pk}/history/': {
    url: () => `/api/audience-configs/${aliceConfig.id}/history/`,
    expect: 'refused',
  },
  'GET /api/audience-configs/{pk}/history/changes/': {
    url: () => `/api/audience-configs/${aliceConfig.id}/history/changes/?from=2026-01-01&to=2026-01-02`,
    expect: 'refused',
  },
  'GET /api/audience-configs/{pk}/history/members/': {
    url: () => `/api/audience-configs/${aliceConfig.id}/history/members/?from=2026-01-01&to=2026-01-02`,
    expect: 'refused',
  },
  'GET /api/audience-configs/{pk}/alerts/': {
    url: () => `/api/audience-configs/${aliceConfig.id}/alerts/`,
    expect: 'refused',
  },
  'POST /api/audience-configs/{pk}/alerts/': {
    url: () => `/api/audience-configs/${aliceConfig.id}/alerts/`,
    body: () => ({ kind: 'size', threshold: 5, email: true }),
    expect: 'refused',
  },
  'DELETE /api/audience-alerts/{pk}/': { url: () => `/api/audience-alerts/${ids.alert}/`, expect: 'refused' },
  'GET /api/audience-alerts/{pk}/deliveries/': {
    url: () => `/api/audience-alerts/${ids.alert}/deliveries/`,
    expect: 'refused',
  },
  'POST /api/audience-alerts/{pk}/test/': {
    url: () => `/api/audience-alerts/${ids.alert}/test/`,
    expect: 'refused',
  },
  'GET /api/external/audience-configs/share-offers/': {
    url: () => '/api/external/audience-configs/share-offers/',
    expect: 'own',
  },
  'POST /api/external/audience-configs/share-offers/{pk}/accept/': {
    url: () => `/api/external/audience-configs/share-offers/${ids.offer}/accept/`,
    expect: 'refused',
  },
  'POST /api/external/audience-configs/share-offers/{pk}/decline/': {
    url: () => `/api/external/audience-configs/share-offers/${ids.offer}/decline/`,
    expect: 'refused',
  },
  'POST /api/external/audience-configs/share-via-account/': {
    url: () => '/api/external/audience-configs/share-via-account/',
    body: () => ({ audience_config_id: aliceList.id, email: carol.user.email }),
    expect: 'refused',
  },
  'POST /api/external/audience-configs/share/': {
    url: () => '/api/external/audience-configs/share/',
    body: () => ({ audience_config_id: aliceList.id, emails: [carol.user.email] }),
    expect: 'refused',
  },
  'GET /api/external/audience-configs/shared/{token}/': {
    // A token of Alice's list with a forged signature.
    url: () => `/api/external/audience-configs/shared/${aliceList.id}.${'f'.repeat(32)}/`,
    expect: 'refused',
  },
  'GET /api/external/audience-configs/{pk}/share-link/': {
    url: () => `/api/external/audience-configs/${aliceList.id}/share-link/`,
    expect: 'refused',
  },
  'DELETE /api/external/audience-configs/{pk}/share-link/': {
    url: () => `/api/external/audience-configs/${aliceList.id}/share-link/`,
    expect: 'refused',
  },
  'POST /api/external/audience-configs/{pk}/share-link/rotate/': {
    url: () => `/api/external/audience-configs/${aliceList.id}/share-link/rotate/`,
    body: () => ({ expires_in_days: 7 }),
    expect: 'refused',
  },
  'GET /api/external/audience-configs/{pk}/targeting-package/': {
    url: () => `/api/external/audience-configs/${aliceConfig.id}/targeting-package/`,
    expect: 'refused',
  },
  'GET /api/external/audience-usages/': { url: () => '/api/external/audience-usages/', expect: 'own' },
  'POST /api/external/audience-usages/': {
    url: () => '/api/external/audience-usages/',
    body: usageBody,
    expect: 'refused',
  },
  'GET /api/external/audience-usages/shared-with/': {
    url: () => '/api/external/audience-usages/shared-with/',
    expect: 'own',
  },
  'POST /api/external/audience-usages/verify_signed/': {
    url: () => '/api/external/audience-usages/verify_signed/',
    body: () => ({ id: ids.usage, signature: 'f'.repeat(32) }),
    expect: 'refused',
  },
  'GET /api/external/audience-usages/{pk}/': {
    url: () => `/api/external/audience-usages/${ids.usage}/`,
    expect: 'refused',
  },
  'DELETE /api/external/audience-usages/{pk}/': {
    url: () => `/api/external/audience-usages/${ids.usage}/`,
    expect: 'refused',
  },
  'POST /api/external/audience-usages/{pk}/autopilot/': {
    url: () => `/api/external/audience-usages/${ids.usage}/autopilot/`,
    body: () => ({ every_hours: null }),
    expect: 'refused',
  },
  'POST /api/external/audience-usages/{pk}/reorder-handles/': {
    url: () => `/api/external/audience-usages/${ids.usage}/reorder-handles/`,
    body: () => ({ handles: ['@carol'] }),
    expect: 'refused',
  },
  'POST /api/external/audience-usages/{pk}/restore/': {
    url: () => `/api/external/audience-usages/${ids.usage}/restore/`,
    expect: 'refused',
  },
  'DELETE /api/external/audience-usages/{pk}/share-link/': {
    url: () => `/api/external/audience-usages/${ids.usage}/share-link/`,
    expect: 'refused',
  },
  'POST /api/external/audience-usages/{pk}/share-link/rotate/': {
    url: () => `/api/external/audience-usages/${ids.usage}/share-link/rotate/`,
    body: () => ({ expires_in_days: 7 }),
    expect: 'refused',
  },
  'POST /api/external/audience-usages/{pk}/share/': {
    url: () => `/api/external/audience-usages/${ids.usage}/share/`,
    body: () => ({ emails: [carol.user.email], expires_in_days: 7 }),
    expect: 'refused',
  },
  'GET /api/external/audience-usages/{pk}/sheet/': {
    url: () => `/api/external/audience-usages/${ids.usage}/sheet/`,
    expect: 'refused',
  },
};

/** Operations under the prefixes that are not probed, each with its reason (none today). */
const LEFT_OUT: Record<string, string> = {};

const send = (who: TestSession, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: who.tokenAuth, ...(payload && { payload }) });

beforeAll(async () => {
  t = await createTestApp({}, { engine: (await testNetwork()).holder });
  alice = await t.signIn('iso-alice@example.com');
  carol = await t.signIn('iso-carol@example.com');
  frank = await t.signIn('iso-frank@example.com');
  const teamA = await kit.createTeam(alice, 'Isolation A');
  const teamB = await kit.createTeam(carol, 'Isolation B');
  aliceConfig = await kit.createConfig(alice, {
    name: 'Alice secret audience',
    targeting_package: soccer,
    team: teamA.slug,
  });
  aliceList = await kit.createConfig(alice, {
    name: 'Alice secret list',
    kind: 'targeting_list',
    targeting_package: soccer,
  } as never);
  ids.teamA = teamA.slug;
  const plan = await send(alice, 'POST', '/api/audience-plan/', {
    name: 'Alice secret plan',
    audience_config_ids: [aliceConfig.id],
  });
  expect(plan.statusCode, plan.body).toBe(201);
  ids.plan = plan.json<{ id: number }>().id;
  // Carol has things of her own, so that "nothing of Alice's" is not merely "nothing".
  await kit.createConfig(carol, { name: 'Carol audience', targeting_package: soccer, team: teamB.slug });

  const alert = await send(alice, 'POST', `/api/audience-configs/${aliceConfig.id}/alerts/`, {
    kind: 'size',
    threshold: 5,
    email: true,
  });
  expect(alert.statusCode, alert.body).toBe(201);
  ids.alert = alert.json<{ id: number }>().id;

  const usage = await send(alice, 'POST', '/api/external/audience-usages/', usageBody());
  expect(usage.statusCode, usage.body).toBe(201);
  ids.usage = usage.json<{ id: number }>().id;
  const shared = await send(alice, 'POST', `/api/external/audience-usages/${ids.usage}/share/`, {
    emails: ['iso-friend@example.com'],
    expires_in_days: 30,
  });
  expect(shared.statusCode, shared.body).toBe(200);

  const link = await send(
    alice,
    'POST',
    `/api/external/audience-configs/${aliceList.id}/share-link/rotate/`,
    {
      expires_in_days: 30,
    },
  );
  expect(link.statusCode, link.body).toBe(200);

  const offered = await send(alice, 'POST', '/api/external/audience-configs/share-via-account/', {
    audience_config_id: aliceList.id,
    email: frank.user.email,
  });
  expect(offered.statusCode, offered.body).toBe(200);
  // The offer is written after the answer (pro.test.ts "share via account").
  await vi.waitFor(async () =>
    expect(
      (await send(frank, 'GET', '/api/external/audience-configs/share-offers/')).json<unknown[]>(),
    ).toHaveLength(1),
  );
  ids.offer = (await send(frank, 'GET', '/api/external/audience-configs/share-offers/')).json<
    { id: number }[]
  >()[0]!.id;

  const credentials = (await send(alice, 'GET', '/api/user/credentials/')).json<{
    sessions: { id: number }[];
    tokens: { id: number }[];
  }>();
  ids.session = credentials.sessions[0]!.id;
  ids.token = credentials.tokens[0]!.id;
}, 120_000);
afterAll(() => t.close());

async function coveredOperations(): Promise<string[]> {
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(doc.paths)
    .filter(([path]) => PREFIXES.some((prefix) => prefix.test(path)))
    .flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`));
}

/** Everything of Alice's the routes could read or change, as Alice (and Frank, for the offer) see it. */
async function snapshotOfAlice() {
  const get = async (who: TestSession, url: string) => {
    const res = await send(who, 'GET', url);
    return [res.statusCode, res.body];
  };
  return {
    // Alice's own reads move her token's "last used"; which credentials she has must not change.
    credentials: (await get(alice, '/api/user/credentials/')).map((part) =>
      String(part).replace(/"last_used_at":"[^"]*"/g, '"last_used_at":"…"'),
    ),
    config: await get(alice, `/api/audience-configs/${aliceConfig.id}/`),
    list: await get(alice, `/api/audience-configs/${aliceList.id}/`),
    listLink: await get(alice, `/api/external/audience-configs/${aliceList.id}/share-link/`),
    alerts: await get(alice, `/api/audience-configs/${aliceConfig.id}/alerts/`),
    deliveries: await get(alice, `/api/audience-alerts/${ids.alert}/deliveries/`),
    usage: await get(alice, `/api/external/audience-usages/${ids.usage}/`),
    usages: await get(alice, '/api/external/audience-usages/'),
    offers: await get(frank, '/api/external/audience-configs/share-offers/'),
    mailsToCarol: t.mailer.sent.filter((m) => m.to === carol.user.email).length,
  };
}

describe('team isolation of the account, history, share-link, usage and overlap routes', () => {
  it('has a request for every such route in the OpenAPI document (or a stated reason to leave it out)', async () => {
    const operations = await coveredOperations();
    expect(operations.length).toBeGreaterThanOrEqual(30);
    const missing = operations.filter((op) => !(op in PROBES) && !(op in LEFT_OUT));
    expect(missing).toEqual([]);
    // No probe for a route that no longer exists.
    expect(Object.keys(PROBES).filter((op) => !operations.includes(op))).toEqual([]);
  });

  it('an admin of another team gets 403 or 404 on everything of Alice’s, and sees nothing of hers', async () => {
    const before = await snapshotOfAlice();
    let throwaways = 0;
    const found: string[] = [];
    for (const op of await coveredOperations()) {
      const probe = PROBES[op];
      if (!probe) continue;
      const method = op.split(' ')[0]!;
      const caller = probe.endsTheCaller
        ? await t.signIn(`iso-throwaway-${++throwaways}@example.com`)
        : carol;
      for (const headers of [caller.tokenAuth, caller.cookieAuth]) {
        const url = probe.url();
        const body = probe.body?.();
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(body && { payload: body }),
        });
        const where = `${op} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (res.statusCode >= 500) found.push(where);
        if (/alice/i.test(res.body)) found.push(`${where}: shows Alice's`);
        if (probe.expect === 'refused') {
          if (![403, 404].includes(res.statusCode)) found.push(`${where}: not refused`);
          else expect(res.json(), where).toEqual({ detail: anyString });
        }
        if (probe.endsTheCaller) break; // its credentials may be gone now
      }
    }
    expect(found).toEqual([]);
    expect(await snapshotOfAlice()).toEqual(before);
  });

  it('signed out, every such route that names Alice’s things refuses the same way', async () => {
    const found: string[] = [];
    for (const op of await coveredOperations()) {
      const probe = PROBES[op];
      if (!probe) continue;
      const body = probe.body?.();
      const res = await t.app.inject({
        method: op.split(' ')[0] as 'GET',
        url: probe.url(),
        ...(body && { payload: body }),
      });
      if (res.statusCode < 400 || res.statusCode >= 500 || /alice/i.test(res.body))
        found.push(`${op} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(found).toEqual([]);
  });
});
