import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AlertDelivery,
  AlertEvent,
  AudienceAlert,
  AudienceChanges,
  AudienceConfig,
  AudienceHistory,
} from '@murmur/core/api';
import {
  accountSetFromShared,
  buildIndex,
  liveEngine,
  LIVE_BUILD_OPTIONS,
  type LiveAudienceEngine,
} from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { audiencePoints } from '../../db/schema';
import { readyEngine } from '../../engine/engine-holder';
import { digestCommunitiesOf, type DigestCommunity } from '../../engine/digest-composition';
import { engineTasks } from '../../engine/engine-tasks';
import { hmac, safeEqual } from '../../lib/crypto';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { teamKit } from '../../test/team-kit';
import { pkg } from './audience-test-kit';
import { matching } from './alerts.service';
import { panelChanges } from './history-changes';

const DAY = 24 * 60 * 60 * 1000;
const speakers = { languages: [{ label: 'English' }, { label: 'Japanese' }] };
const noProgress = () => undefined;

let receiver: Server;
let receiverUrl: string;
const received: { event: AlertEvent; signature: string; body: string }[] = [];
let t: TestApp;
let engine: LiveAudienceEngine;
let alice: TestSession;
let saved: AudienceConfig;
let partition: DigestCommunity[] = [];
const kit = teamKit(() => t);

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({
        event: JSON.parse(body) as AlertEvent,
        signature: req.headers['murmur-signature'] as string,
        body,
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/murmur`;
  const network = generateNetwork({ accounts: 3000, seed: 'history-composition' });
  engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
  t = await createTestApp({}, { engine: readyEngine(engine) });
  alice = await t.signIn('alice@example.com');
  saved = await kit.createConfig(alice, {
    name: 'Speakers',
    kind: 'saved_list',
    targeting_package: speakers,
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: alice.tokenAuth, ...(payload && { payload }) });
const history = async () =>
  (await inject('GET', `/api/audience-configs/${saved.id}/history/`)).json<AudienceHistory>();
const alertMails = () =>
  t.mailer.sent.filter((m) => m.to === 'alice@example.com' && m.subject.includes('changed'));

describe('the digest’s composition: interests, communities, influential accounts', () => {
  let influentialRule: AudienceAlert;
  let communityRule: AudienceAlert;
  let firstDay: string;

  it('each daily point keeps them, from the engine’s panels, stored in under 2 kB', async () => {
    const res = await inject('POST', `/api/audience-configs/${saved.id}/alerts/`, {
      kind: 'influential',
      threshold: 1,
      email: true,
      webhook_url: receiverUrl,
    });
    expect(res.statusCode, res.body).toBe(201);
    influentialRule = res.json<AudienceAlert>();
    communityRule = (
      await inject('POST', `/api/audience-configs/${saved.id}/alerts/`, { kind: 'community', threshold: 5 })
    ).json<AudienceAlert>();
    expect(communityRule.kind).toBe('community');

    const point = (await history()).points.at(-1)!;
    firstDay = point.day;
    const sections = point.digest.sections!;
    const audience = engine.evaluate(pkg(speakers));
    const panels = engine.explore.panels(audience, ['interests', 'influentialAccounts'], { top: 10 });
    expect(sections.interest!.values.map((v) => v.value)).toEqual(
      panels.interests.interests.map((s) => s.label),
    );
    expect(sections.influential!.values.map((v) => v.label)).toEqual(
      panels.influentialAccounts.accounts.map((a) => a.handle),
    );
    expect(sections.influential!.members).toBe(panels.influentialAccounts.basis.analysed);
    expect(sections.community!.values.length).toBeGreaterThan(0);
    expect(sections.community!.members).toBe(sections.community!.values.reduce((s, v) => s + v.count, 0));
    const bytes = Buffer.byteLength(JSON.stringify(point.digest));
    // What PostgreSQL keeps of it (a jsonb value past 2 kB is compressed in its row).
    const [stored] = await t.db
      .select({ size: sql<number>`pg_column_size(${audiencePoints.digest})` })
      .from(audiencePoints)
      .where(eq(audiencePoints.configId, saved.id));
    const storedBytes = Number(stored!.size);
    const started = performance.now();
    // The partition the service counts in: found on this version of the index, as its first point was.
    partition = digestCommunitiesOf(engineTasks.networkCommunities(engine, null, noProgress));
    engineTasks.digestComposition(engine, { pkg: pkg(speakers), communities: partition }, noProgress);
    const ms = performance.now() - started;
    console.info(
      `digest: ${bytes} bytes of JSON, ${storedBytes} stored; composition of ${audience.sampleCount} members in ${ms.toFixed(1)} ms`,
    );
    expect(storedBytes).toBeGreaterThan(0);
    expect(storedBytes).toBeLessThan(2048);
  });

  it('a quiet day raises no alert', async () => {
    const mails = alertMails().length;
    t.clock.advance(DAY);
    const points = (await history()).points;
    expect(points).toHaveLength(2);
    const diff = (
      await inject(
        'GET',
        `/api/audience-configs/${saved.id}/history/changes/?from=${firstDay}&to=${points[1]!.day}`,
      )
    ).json<AudienceChanges>();
    expect(diff.moved).toEqual([]);
    // The sections were tested along with the member fields.
    expect(diff.tested).toBeGreaterThan(
      Object.values(points[1]!.digest.fields).reduce((n, f) => n + f.values.length, 0),
    );
    expect(received).toHaveLength(0);
    expect(alertMails().length).toBe(mails);
  });

  it('a new account followed by a third of the audience: in what changed, and alerted once', async () => {
    const before = (await history()).points.at(-1)!;
    const top = new Set(before.digest.sections!.influential!.values.map((v) => v.value));
    const members = engine.describeAccounts(engine.evaluate(pkg(speakers)).accounts.toArray());
    // An account outside the audience and outside the top: a newcomer.
    const memberIds = new Set(members.map((m) => m.id));
    const everyone = engine.describeAccounts(engine.explore.everyone().toArray());
    const newcomer = everyone.find((a) => !memberIds.has(a.id) && !top.has(a.id))!;
    expect(newcomer).toBeDefined();
    engine.apply(
      members
        .filter((_, i) => i % 3 === 0)
        .map((m, i) => ({
          type: 'follow' as const,
          key: `plant-${i}`,
          at: Date.now(),
          from: m.id,
          to: newcomer.id,
        })),
    );
    t.clock.advance(DAY);
    const after = (await history()).points.at(-1)!;
    expect(after.day).not.toBe(before.day);

    const diff = (
      await inject(
        'GET',
        `/api/audience-configs/${saved.id}/history/changes/?from=${before.day}&to=${after.day}`,
      )
    ).json<AudienceChanges>();
    const entry = diff.moved.find((c) => c.field === 'influential' && c.value === newcomer.id);
    expect(entry, JSON.stringify(diff.moved)).toMatchObject({
      label: newcomer.handle,
      from: { at_most: true },
    });
    expect(entry!.difference).toBeGreaterThan(0.05);
    expect(entry!.q).toBeLessThan(diff.fdr);

    // The influential rule fired, once, by mail and signed webhook; the community rule stayed quiet.
    expect(received).toHaveLength(1);
    const hook = received[0]!;
    const { t: at, v1 } = Object.fromEntries(hook.signature.split(',').map((p) => p.split('='))) as {
      t: string;
      v1: string;
    };
    expect(safeEqual(v1, hmac(influentialRule.webhook_secret!, `${at}.${hook.body}`))).toBe(true);
    expect(hook.event.alert).toMatchObject({ id: influentialRule.id, kind: 'influential' });
    expect(hook.event.moved.map((c) => c.value)).toEqual([newcomer.id]);
    const mails = alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`@${newcomer.handle}`);

    // Asked again the same day, or the next quiet day: nothing more.
    await history();
    t.clock.advance(DAY);
    await history();
    expect(received).toHaveLength(1);
    expect(alertMails()).toHaveLength(1);
  });
});

describe('a new account followed by 5 % of the audience (the planted change bench:history measures)', () => {
  it('is a newcomer in what changed and fires the influential rule on the next point', async () => {
    const hooks = received.length;
    const mails = alertMails().length;
    const before = (await history()).points.at(-1)!;
    const influential = before.digest.sections!.influential!;
    const members = engine.describeAccounts(engine.evaluate(pkg(speakers)).accounts.toArray());
    const memberIds = new Set(members.map((m) => m.id));
    const top = new Set(influential.values.map((v) => v.value));
    // Far below the top list's last count: invisible to a top-10 digest.
    expect(influential.values.at(-1)!.count / influential.members).toBeGreaterThan(0.1);
    const everyone = engine.describeAccounts(engine.explore.everyone().toArray());
    const newcomer = everyone.find((a) => !memberIds.has(a.id) && !top.has(a.id) && a.followers === 0)!;
    expect(newcomer).toBeDefined();
    const following = members.filter((_, i) => i % 20 === 0);
    engine.apply(
      following.map((m, i) => ({
        type: 'follow' as const,
        key: `plant-5-${i}`,
        at: Date.now(),
        from: m.id,
        to: newcomer.id,
      })),
    );
    t.clock.advance(DAY);
    const after = (await history()).points.at(-1)!;
    const entered = after.digest.sections!.influential!.entered ?? [];
    expect(entered.map((e) => e.value)).toEqual([newcomer.id]);
    expect(entered[0]).toMatchObject({ label: newcomer.handle, since: before.day });
    expect(entered[0]!.count / after.digest.sections!.influential!.members).toBeCloseTo(0.05, 2);

    const diff = (
      await inject(
        'GET',
        `/api/audience-configs/${saved.id}/history/changes/?from=${before.day}&to=${after.day}`,
      )
    ).json<AudienceChanges>();
    const entry = diff.moved.find((c) => c.field === 'influential' && c.value === newcomer.id);
    expect(entry, JSON.stringify(diff.moved)).toMatchObject({
      from: { at_most: true },
      to: { at_most: false },
    });
    expect(entry!.q).toBeLessThan(diff.fdr);

    // The influential rule (threshold 1 point) fired on this point, by mail and webhook, naming it.
    expect(received.length).toBe(hooks + 1);
    expect(received.at(-1)!.event.alert).toMatchObject({ kind: 'influential' });
    expect(received.at(-1)!.event.moved.map((c) => c.value)).toEqual([newcomer.id]);
    expect(alertMails().length).toBe(mails + 1);
    expect(alertMails().at(-1)!.text).toContain(`@${newcomer.handle}`);

    // The next quiet day: it is in the followed list now, no newcomer any more.
    t.clock.advance(DAY);
    const quiet = (await history()).points.at(-1)!;
    expect(quiet.digest.sections!.influential!.entered).toBeUndefined();
    expect(received.length).toBe(hooks + 1);
  });
});

describe('a community shrinking', () => {
  it('is alerted once by the community rule, by mail, naming the community by its leader', async () => {
    const rule = (
      await inject('POST', `/api/audience-configs/${saved.id}/alerts/`, { kind: 'community', threshold: 5 })
    ).json<AudienceAlert>();
    const before = (await history()).points.at(-1)!;
    // The audience's largest community (in the partition the digests count in) loses half its members.
    const largest = before.digest.sections!.community!.values[0]!;
    const community = partition.find((c) => c.value === largest.value)!;
    const audience = engine.evaluate(pkg(speakers)).accounts;
    const inBoth = engine.describeAccounts(
      accountSetFromShared(community.members)
        .toArray()
        .filter((n) => audience.has(n)),
    );
    expect(inBoth.length).toBe(largest.count);
    engine.apply(
      inBoth
        .filter((_, i) => i % 2 === 0)
        .map((a, i) => ({ type: 'user-suspend' as const, key: `shrink-${i}`, at: Date.now(), user: a.id })),
    );
    t.clock.advance(DAY);
    await history();
    await history();
    const log = (await inject('GET', `/api/audience-alerts/${rule.id}/deliveries/`)).json<{
      results: AlertDelivery[];
    }>();
    expect(log.results.map((d) => [d.channel, d.type])).toEqual([['email', 'audience.changed']]);
    expect(alertMails().some((m) => m.text.includes(`Community around @${largest.label}`))).toBe(true);
  });
});

describe('which changes the new kinds are about', () => {
  const change = (
    field: 'influential' | 'community' | 'country',
    from: number,
    to: number,
    atMost = false,
  ) => ({
    field,
    value: 'x',
    label: 'x',
    from: { count: from, share: from / 1000, low: 0, high: 1, at_most: atMost },
    to: { count: to, share: to / 1000, low: 0, high: 1, at_most: false },
    difference: (to - from) / 1000,
    p: 0,
    q: 0,
  });

  it('influential: a newcomer to the top (only its bound known before), risen by the threshold', () => {
    const rule = { kind: 'influential' as const, threshold: 2 };
    expect(matching(rule, [change('influential', 10, 60, true)])).toHaveLength(1);
    // Already among the influential: a rise, not a newcomer.
    expect(matching(rule, [change('influential', 10, 60)])).toHaveLength(0);
    // Below the threshold, or not an account.
    expect(matching(rule, [change('influential', 10, 25, true)])).toHaveLength(0);
    expect(matching(rule, [change('country', 10, 60, true)])).toHaveLength(0);
  });

  it('community: appeared from below the minimum support, or shrank by the threshold', () => {
    const rule = { kind: 'community' as const, threshold: 5 };
    expect(matching(rule, [change('community', 3, 40)])).toHaveLength(1);
    expect(matching(rule, [change('community', 200, 140)])).toHaveLength(1);
    // Grew while already there; shrank by less than the threshold.
    expect(matching(rule, [change('community', 100, 200)])).toHaveLength(0);
    expect(matching(rule, [change('community', 200, 160)])).toHaveLength(0);
    expect(matching(rule, [change('influential', 3, 40)])).toHaveLength(0);
  });
});

describe('sections in the comparison', () => {
  const fields = {
    country: { values: [{ value: 'JP', label: 'Japan', count: 100 }], complete: false },
    language: { values: [], complete: true },
    gender: { values: [], complete: true },
    ageBand: { values: [], complete: true },
    device: { values: [], complete: true },
  };
  const influential = (count: number) => ({
    members: 1000,
    complete: false,
    values: [
      { value: '1', label: 'leader', count: 400 },
      { value: '2', label: 'second', count },
    ],
  });
  const withSections = (count: number) => ({
    members: 1000,
    fields,
    sections: { influential: influential(count) },
  });

  it('a point without sections (recorded before them) still compares: the sections are not tested', () => {
    const old = { members: 1000, fields };
    expect(panelChanges(old, withSections(300))).toEqual(panelChanges(old, old));
    expect(panelChanges(withSections(300), old).tested).toBe(1);
  });

  it('a section’s values are tested with the fields, under one false-discovery control', () => {
    const { tested, changes } = panelChanges(withSections(100), withSections(300));
    expect(tested).toBe(3);
    expect(changes.map((c) => [c.field, c.value])).toEqual([['influential', '2']]);
    expect(changes[0]!.difference).toBeCloseTo(0.2, 10);
    expect(panelChanges(withSections(100), withSections(104)).changes).toEqual([]);
  });

  it('communities are compared within one partition of the network only', () => {
    const community = (partition: string, count: number) => ({
      members: 1000,
      fields,
      sections: {
        community: {
          members: 1000,
          complete: true,
          partition,
          values: [{ value: '9', label: 'leader', count }],
        },
      },
    });
    const week1 = '2026-08-01T00:00:00.000Z';
    const week2 = '2026-08-08T00:00:00.000Z';
    // Within one partition a shift of a third is a change; across two it is the partition's.
    expect(panelChanges(community(week1, 100), community(week1, 430)).changes.map((c) => c.field)).toEqual([
      'community',
    ]);
    const across = panelChanges(community(week1, 100), community(week2, 430));
    expect(across.changes).toEqual([]);
    expect(across.tested).toBe(1);
  });
});
