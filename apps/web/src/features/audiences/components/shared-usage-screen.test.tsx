import { screen } from '@testing-library/react';
import { targetingPackageSchema } from '@murmur/core/targeting';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { SharedUsageScreen } from './shared-usage-screen';

const path = 'POST /api/external/audience-usages/verify_signed/';
const usage = {
  id: 7,
  ad_account_id: '18ce54d4x5t',
  state: 'applied',
  audience_config_id: null,
  targeting_package: targetingPackageSchema.parse({
    keywords: [{ label: 'coffee' }],
    countries: [{ label: 'Japan', id: 'JP' }],
  }),
  countries: [],
  line_item_id: null,
  shared_with: [],
  share_expires_at: null,
  autopilot_hours: null,
  next_run_at: null,
  last_run_at: null,
  deleted: false,
  created: '2026-11-20T09:00:00.000Z',
};

const render = (code: string, teamSlug: string | null, signedIn = teamSlug !== null) =>
  renderWithProviders(
    <SharedUsageScreen
      code={code}
      teamSlug={teamSlug}
      signedIn={signedIn}
      renderPackage={(pkg) => <p>{pkg.keywords.map((k) => k.label).join(', ')}</p>}
    />,
    { route: `/shared-usage/${code}` },
  );

describe('SharedUsageScreen (/shared-usage/:code)', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('asks the server with the code’s id and signature and shows what was applied, with ways on', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ [path]: { body: usage } }));
    render('7.abcdef0123456789', 'acme');
    expect(await screen.findByRole('heading', { name: /18ce54d4x5t/ })).toBeTruthy();
    expect(jsonBody(fetch.mock.calls[0]![1])).toEqual({ id: 7, signature: 'abcdef0123456789' });
    expect(screen.getByText('coffee')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See its insights' }).getAttribute('href')).toMatch(
      /^\/insights\?package=[A-Za-z0-9_-]+$/,
    );
    expect(screen.getByRole('link', { name: 'Build an audience from it' }).getAttribute('href')).toMatch(
      /^\/acme\/creator\?package=[A-Za-z0-9_-]+$/,
    );
    expect(screen.getByRole('button', { name: 'Download the targeting package' })).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in to build from it', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ [path]: { body: usage } }));
    render('7.abcdef0123456789', null);
    expect(await screen.findByRole('button', { name: 'Sign in to build an audience from it' })).toBeTruthy();
  });

  it('says an expired link has expired (410), in Japanese', async () => {
    await i18n.changeLanguage('ja');
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ [path]: { status: 410, body: { detail: 'This share link has expired.' } } }),
    );
    render('7.abcdef0123456789', null);
    expect(await screen.findByText('このリンクは有効期限が切れています')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'オーディエンスストアを見る' })).toBeTruthy();
  });

  it('says a replaced or revoked link no longer works (404); a malformed code asks nothing', async () => {
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockImplementation(fakeFetch({ [path]: { status: 404, body: { detail: 'not valid' } } }));
    const { unmount } = render('7.abcdef0123456789', 'acme');
    expect(await screen.findByText('This link no longer works')).toBeTruthy();
    unmount();
    fetch.mockClear();
    render('not-a-code', 'acme');
    expect(await screen.findByText('This link no longer works')).toBeTruthy();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});
