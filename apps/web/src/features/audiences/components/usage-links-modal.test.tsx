import type { AudienceConfig, AudienceUsage } from '@murmur/core/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notifications';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { UsageLinksModal } from './usage-links-modal';

const audience = { id: 7, name: 'Coffee lovers' } as AudienceConfig;
const usage = (over: Partial<AudienceUsage>): AudienceUsage =>
  ({
    id: 41,
    ad_account_id: 'acc-1',
    state: 'applied',
    audience_config_id: 7,
    shared_with: [],
    share_expires_at: null,
    deleted: false,
    created: '2026-11-20T10:00:00.000Z',
    ...over,
  }) as AudienceUsage;

describe('UsageLinksModal (a usage’s share link)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists only this audience’s uses, shares one for the days chosen, makes a new link and revokes it', async () => {
    let usages = [
      usage({ id: 41 }),
      usage({ id: 42, audience_config_id: 8, ad_account_id: 'other-audience' }),
    ];
    const share = vi.fn((init: RequestInit | undefined) => {
      expect(jsonBody(init)).toEqual({ emails: ['ann@example.com'], expires_in_days: 7 });
      usages = [
        usage({ id: 41, shared_with: ['ann@example.com'], share_expires_at: '2026-11-27T10:00:00.000Z' }),
      ];
      return { body: { usage: usages[0], signature: 'sig1', expires_at: '2026-11-27T10:00:00.000Z' } };
    });
    const rotate = vi.fn((init: RequestInit | undefined) => {
      expect(jsonBody(init)).toEqual({ expires_in_days: 7 });
      return { body: { signature: 'sig2', expires_at: '2026-11-27T10:00:00.000Z' } };
    });
    const revoke = vi.fn(() => {
      usages = [usage({ id: 41, shared_with: ['ann@example.com'] })];
      return { status: 204 };
    });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/external/audience-usages/': () => ({ body: usages }),
        'POST /api/external/audience-usages/41/share/': share,
        'POST /api/external/audience-usages/41/share-link/rotate/': rotate,
        'DELETE /api/external/audience-usages/41/share-link/': revoke,
      }),
    );
    const success = vi.spyOn(notify, 'success');
    renderWithProviders(<UsageLinksModal audience={audience} onClose={() => {}} />);
    const card = await screen.findByRole('region', { name: /Applied to acc-1/ });
    expect(screen.queryByText(/other-audience/)).toBeNull();
    expect(within(card).getByText(/No working link/)).toBeTruthy();

    await userEvent.click(within(card).getByRole('textbox', { name: 'A new link works for' }));
    await userEvent.click(await screen.findByRole('option', { name: '7 days' }));
    await userEvent.type(within(card).getByRole('textbox', { name: 'Share with' }), 'ann@example.com,');
    await userEvent.click(within(card).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect((await within(card).findByLabelText<HTMLInputElement>('Link')).value).toBe(
      `${window.location.origin}/shared-usage/41.sig1`,
    );
    expect(await within(card).findByText(/shared with 1 address/)).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'New link' }));
    await waitFor(() =>
      expect(within(card).getByLabelText<HTMLInputElement>('Link').value).toBe(
        `${window.location.origin}/shared-usage/41.sig2`,
      ),
    );
    expect(success).toHaveBeenCalledWith('New link made: the old one no longer works');

    await userEvent.click(within(card).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledTimes(1));
    expect(await within(card).findByText(/No working link/)).toBeTruthy();
    expect(within(card).queryByLabelText('Link')).toBeNull();
  });

  it('says when the audience was never applied', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/external/audience-usages/': { body: [] } }),
    );
    renderWithProviders(<UsageLinksModal audience={audience} onClose={() => {}} />);
    expect(await screen.findByText(/has not been applied to an ad account yet/)).toBeTruthy();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/external/audience-usages/': () =>
          fail ? { status: 500, body: { detail: 'Server error.' } } : { body: [usage({})] },
      }),
    );
    renderWithProviders(<UsageLinksModal audience={audience} onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: /Applied to acc-1/ })).toBeTruthy();
  });
});
