import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { AudienceUsage, SharedAudienceUsage } from '@murmur/core/api';
import type { TestSession } from '../../test/test-app';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';

/**
 * Audience usages (a package applied to an X ad account or line item): recorded, shared by signed
 * link, exported, and re-applied by the autopilot to its line item on the sandbox's Ads API. (Uploads
 * of saved audiences are x-audiences.test.ts.)
 */
// Follow-up rounds every second (30 s in a deployment): the autopilot test waits for one.
const k = useSandboxTestApp({ seed: 'x-audiences-tests', config: { xAudiencesFollowMs: 1000 } });

describe('audience usages', () => {
  it('records, lists, shares, verifies, reorders, deletes, restores, schedules and exports as XLSX', async () => {
    const ann = await k.t.signIn('use-ann@example.com');
    const bob = await k.t.signIn('use-bob@example.com');
    const pkg = {
      handles: [{ handle: 'alpha' }, { handle: 'beta' }, { handle: 'gamma' }],
      interests: [{ label: 'Sports/Football' }],
      countries: [{ label: 'Japan', id: 'JP' }],
    };
    const empty = await k.call(ann, 'POST', '/api/external/audience-usages/', {
      ad_account_id: 'abc',
      state: 'applied',
      targeting_package: {},
      countries: [],
    });
    expect(empty.json()).toEqual({
      non_field_errors: ['Failed to apply targeting list because it is empty.'],
    });
    const noAccount = await k.call(ann, 'POST', '/api/external/audience-usages/', {
      state: 'applied',
      targeting_package: pkg,
    });
    expect(noAccount.json()).toEqual({ non_field_errors: ['No ad account id provided'] });

    const created = await k.call(ann, 'POST', '/api/external/audience-usages/', {
      ad_account_id: 'abc',
      state: 'applied',
      audience_config_id: null,
      targeting_package: pkg,
      countries: ['JP'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const usage = created.json<AudienceUsage>();
    expect(usage).toMatchObject({
      ad_account_id: 'abc',
      state: 'applied',
      countries: ['JP'],
      deleted: false,
    });
    expect(
      (await k.call(ann, 'GET', '/api/external/audience-usages/')).json<AudienceUsage[]>().map((u) => u.id),
    ).toEqual([usage.id]);
    expect((await k.call(bob, 'GET', `/api/external/audience-usages/${usage.id}/`)).statusCode).toBe(404);

    const shared = (
      await k.call(ann, 'POST', `/api/external/audience-usages/${usage.id}/share/`, {
        emails: ['USE-bob@example.com'],
      })
    ).json<SharedAudienceUsage>();
    expect(shared.usage.shared_with).toEqual(['use-bob@example.com']);
    expect(
      (await k.call(bob, 'GET', '/api/external/audience-usages/shared-with/'))
        .json<AudienceUsage[]>()
        .map((u) => u.id),
    ).toEqual([usage.id]);
    const verified = await k.app.inject({
      method: 'POST',
      url: '/api/external/audience-usages/verify_signed/',
      payload: { id: usage.id, signature: shared.signature },
    });
    expect(verified.statusCode).toBe(200);
    const forged = await k.app.inject({
      method: 'POST',
      url: '/api/external/audience-usages/verify_signed/',
      payload: { id: usage.id, signature: 'f'.repeat(32) },
    });
    expect(forged.statusCode).toBe(404);

    const reordered = (
      await k.call(ann, 'POST', `/api/external/audience-usages/${usage.id}/reorder-handles/`, {
        handles: ['@gamma', 'alpha', 'BETA'],
      })
    ).json<AudienceUsage>();
    expect(reordered.targeting_package.handles.map((h) => h.handle)).toEqual(['gamma', 'alpha', 'beta']);
    const badOrder = await k.call(ann, 'POST', `/api/external/audience-usages/${usage.id}/reorder-handles/`, {
      handles: ['gamma', 'gamma', 'alpha'],
    });
    expect(badOrder.json()).toEqual({ handles: ['Send every handle of the package exactly once.'] });

    const sheet = await k.call(ann, 'GET', `/api/external/audience-usages/${usage.id}/sheet/`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.getWorksheet('Targeting package')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ['Type', 'Value', 'Deselected'],
      ['handles', 'gamma', ''],
      ['handles', 'alpha', ''],
      ['handles', 'beta', ''],
      ['interests', 'Sports/Football', ''],
      ['countries', 'Japan', ''],
    ]);

    const noLineItem = await k.call(ann, 'POST', `/api/external/audience-usages/${usage.id}/autopilot/`, {
      every_hours: 24,
    });
    expect(noLineItem.json()).toEqual({ line_item_id: ['Choose the line item to keep applied.'] });
    const scheduled = (
      await k.call(ann, 'POST', `/api/external/audience-usages/${usage.id}/autopilot/`, {
        every_hours: 24,
        line_item_id: 'li1',
      })
    ).json<AudienceUsage>();
    expect(scheduled).toMatchObject({ autopilot_hours: 24, line_item_id: 'li1' });
    expect(Date.parse(scheduled.next_run_at!)).toBeGreaterThan(Date.now() + 23 * 3600_000);

    expect((await k.call(ann, 'DELETE', `/api/external/audience-usages/${usage.id}/`)).statusCode).toBe(204);
    expect((await k.call(ann, 'GET', '/api/external/audience-usages/')).json()).toEqual([]);
    const withDeleted = (await k.call(ann, 'GET', '/api/external/audience-usages/?deleted=true')).json<
      AudienceUsage[]
    >();
    expect(withDeleted[0]).toMatchObject({ id: usage.id, deleted: true, next_run_at: null });
    const restored = (
      await k.call(ann, 'POST', `/api/external/audience-usages/${usage.id}/restore/`)
    ).json<AudienceUsage>();
    expect(restored.deleted).toBe(false);
    expect((await k.call(ann, 'GET', '/api/external/audience-usages/')).json<AudienceUsage[]>()).toHaveLength(
      1,
    );
  });
});

describe('autopilot', () => {
  it('re-applies a usage to its line item on X when due (first 100 handles, keywords, no countries from 50)', async () => {
    const user = await k.t.signIn('auto-ann@example.com');
    const xId = await k.connectX(user, 5);
    const account = await k.openAdAccount(xId, 'Autopilot account');
    const { lineItem } = await k.pausedLineItem(xId, account, { campaign: 'Always on' });
    const handles = Array.from({ length: 101 }, (_, n) => ({ handle: k.network.accounts.handles[n + 10]! }));
    const countries = Array.from({ length: 50 }, (_, n) => `C${n}`);
    const usage = (
      await k.call(user, 'POST', '/api/external/audience-usages/', {
        ad_account_id: account,
        state: 'applied',
        targeting_package: { handles, keywords: [{ label: 'coffee' }] },
        countries,
        line_item_id: lineItem,
      })
    ).json<AudienceUsage>();
    const scheduled = await k.call(user, 'POST', `/api/external/audience-usages/${usage.id}/autopilot/`, {
      every_hours: 1,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    k.t.clock.advance(2 * 3600_000);
    // The background round (every second here) finds it due and applies it on X.
    await expect
      .poll(
        async () =>
          (
            (await k.ads(
              xId,
              'GET',
              `accounts/${account}/targeting_criteria?line_item_ids=${lineItem}&count=1000`,
            )) as unknown[]
          ).length,
        { timeout: 45_000, interval: 250 },
      )
      .toBe(101);
    const criteria = (await k.ads(
      xId,
      'GET',
      `accounts/${account}/targeting_criteria?line_item_ids=${lineItem}&count=1000`,
    )) as { targeting_type: string }[];
    expect(criteria.filter((c) => c.targeting_type === 'FOLLOWER_LOOK_ALIKES')).toHaveLength(100);
    expect(criteria.filter((c) => c.targeting_type === 'BROAD_KEYWORD')).toHaveLength(1);
    expect(criteria.filter((c) => c.targeting_type === 'LOCATION')).toHaveLength(0);
    // The round records its run once X has answered: after the criteria above are there.
    await expect
      .poll(
        async () =>
          (await k.call(user, 'GET', `/api/external/audience-usages/${usage.id}/`)).json<AudienceUsage>()
            .last_run_at,
        { timeout: 15_000, interval: 100 },
      )
      .not.toBeNull();
  }, 90_000);
});

describe('usage share links (they expire, rotate, are revoked and never show the recipients)', () => {
  const verify = (id: number, signature: string) =>
    k.app.inject({
      method: 'POST',
      url: '/api/external/audience-usages/verify_signed/',
      payload: { id, signature },
    });
  const daysLeft = (at: string) => Math.round((Date.parse(at) - k.t.clock.now().getTime()) / 86_400_000);
  const newUsage = async (owner: TestSession) => {
    const created = await k.call(owner, 'POST', '/api/external/audience-usages/', {
      ad_account_id: 'abc',
      state: 'applied',
      targeting_package: { interests: [{ label: 'Sports/Football' }] },
      countries: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<AudienceUsage>();
  };

  it('answers the usage without any recipient address, to the link and to each recipient', async () => {
    const ann = await k.t.signIn('link-ann@example.com');
    const bob = await k.t.signIn('link-bob@example.com');
    const usage = await newUsage(ann);
    const shared = (
      await k.call(ann, 'POST', `/api/external/audience-usages/${usage.id}/share/`, {
        emails: ['link-bob@example.com', 'secret-carol@example.com'],
      })
    ).json<SharedAudienceUsage>();
    // The owner sees whom they shared with, and when the link ends (30 days by default).
    expect(shared.usage.shared_with).toEqual(['link-bob@example.com', 'secret-carol@example.com']);
    expect(daysLeft(shared.expires_at)).toBe(30);
    expect(shared.usage.share_expires_at).toBe(shared.expires_at);

    const opened = await verify(usage.id, shared.signature);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<AudienceUsage>().shared_with).toEqual([]);
    expect(opened.json<AudienceUsage>().share_expires_at).toBeNull();
    expect(opened.body).not.toContain('carol');
    const bobs = await k.call(bob, 'GET', '/api/external/audience-usages/shared-with/');
    expect(bobs.json<AudienceUsage[]>().map((u) => u.shared_with)).toEqual([['link-bob@example.com']]);
    expect(bobs.body).not.toContain('carol');
  });

  it('mails each address the link, which opens the same usage, and names no other recipient', async () => {
    const ann = await k.t.signIn('mail-ann@example.com');
    const usage = await newUsage(ann);
    const shared = (
      await k.call(ann, 'POST', `/api/external/audience-usages/${usage.id}/share/`, {
        emails: ['Mail-Bob@example.com', 'mail-carol@example.com'],
        expires_in_days: 7,
      })
    ).json<SharedAudienceUsage>();
    for (const [to, other] of [
      ['mail-bob@example.com', 'carol'],
      ['mail-carol@example.com', 'bob'],
    ] as const) {
      const mail = k.t.mailer.last(to);
      expect(mail.subject).toContain('mail-ann@example.com');
      expect(mail.text).toContain('abc');
      expect(mail.text).not.toContain(other);
      const code = /\/shared-usage\/(\d+)\.(\w+)/.exec(mail.text);
      expect(code?.slice(1)).toEqual([String(usage.id), shared.signature]);
      expect(mail.html).toContain(`/shared-usage/${usage.id}.${shared.signature}`);
    }
    // A new link: the old mails' links stop working, as the owner was told.
    const rotated = await k.call(
      ann,
      'POST',
      `/api/external/audience-usages/${usage.id}/share-link/rotate/`,
      {
        expires_in_days: 7,
      },
    );
    expect(rotated.statusCode).toBe(200);
    expect((await verify(usage.id, shared.signature)).statusCode).toBe(404);
  });

  it('expires after the days chosen (410, SPEC §8 body); sharing again extends the same link', async () => {
    const ann = await k.t.signIn('exp-ann@example.com');
    const usage = await newUsage(ann);
    const share = (days?: number) =>
      k.call(ann, 'POST', `/api/external/audience-usages/${usage.id}/share/`, {
        emails: ['exp-bob@example.com'],
        ...(days !== undefined && { expires_in_days: days }),
      });
    expect((await share(365)).statusCode).toBe(400);
    const week = (await share(7)).json<SharedAudienceUsage>();
    expect(daysLeft(week.expires_at)).toBe(7);
    k.t.clock.advance(6 * 86_400_000);
    expect((await verify(usage.id, week.signature)).statusCode).toBe(200);
    // Sharing with one more person keeps the link and gives it its days again.
    const again = (await share(7)).json<SharedAudienceUsage>();
    expect(again.signature).toBe(week.signature);
    k.t.clock.advance(6 * 86_400_000);
    expect((await verify(usage.id, week.signature)).statusCode).toBe(200);
    k.t.clock.advance(2 * 86_400_000);
    const expired = await verify(usage.id, week.signature);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      detail: 'This share link has expired. Ask the person who shared it for a new one.',
    });
    const owner = (
      await k.call(ann, 'GET', `/api/external/audience-usages/${usage.id}/`)
    ).json<AudienceUsage>();
    expect(owner.share_expires_at).toBeNull();
    // Sharing after the end makes a new link; the expired one stays dead.
    const fresh = (await share()).json<SharedAudienceUsage>();
    expect(fresh.signature).not.toBe(week.signature);
    expect((await verify(usage.id, fresh.signature)).statusCode).toBe(200);
    expect((await verify(usage.id, week.signature)).statusCode).toBe(404);
  });

  it('rotation kills the old link at once; revoke kills the link; only the owner does either (404)', async () => {
    const ann = await k.t.signIn('rot-ann@example.com');
    const eve = await k.t.signIn('rot-eve@example.com');
    const usage = await newUsage(ann);
    const first = (
      await k.call(ann, 'POST', `/api/external/audience-usages/${usage.id}/share/`, {
        emails: ['rot-bob@example.com'],
      })
    ).json<SharedAudienceUsage>();

    const rotatePath = `/api/external/audience-usages/${usage.id}/share-link/rotate/`;
    const linkPath = `/api/external/audience-usages/${usage.id}/share-link/`;
    expect((await k.call(eve, 'POST', rotatePath, { expires_in_days: 90 })).statusCode).toBe(404);
    expect((await k.call(eve, 'DELETE', linkPath)).statusCode).toBe(404);
    expect((await k.app.inject({ method: 'DELETE', url: linkPath })).statusCode).toBe(403);
    expect((await verify(usage.id, first.signature)).statusCode).toBe(200);

    const rotated = await k.call(ann, 'POST', rotatePath, { expires_in_days: 90 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json<{ signature: string; expires_at: string }>();
    expect(second.signature).not.toBe(first.signature);
    expect(daysLeft(second.expires_at)).toBe(90);
    const old = await verify(usage.id, first.signature);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({
      detail: 'This share link is not valid: it was replaced by a new one or revoked.',
    });
    expect((await verify(usage.id, second.signature)).statusCode).toBe(200);

    expect((await k.call(ann, 'DELETE', linkPath)).statusCode).toBe(204);
    expect((await verify(usage.id, second.signature)).statusCode).toBe(404);
    const owner = (
      await k.call(ann, 'GET', `/api/external/audience-usages/${usage.id}/`)
    ).json<AudienceUsage>();
    expect(owner.share_expires_at).toBeNull();
    // A deleted usage's link is dead too.
    const third = (await k.call(ann, 'POST', rotatePath, {})).json<{ signature: string }>();
    expect((await verify(usage.id, third.signature)).statusCode).toBe(200);
    expect((await k.call(ann, 'DELETE', `/api/external/audience-usages/${usage.id}/`)).statusCode).toBe(204);
    expect((await verify(usage.id, third.signature)).statusCode).toBe(404);
  });
});
