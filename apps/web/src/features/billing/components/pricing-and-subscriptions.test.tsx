import type { Plan, TeamBilling } from '@murmur/core/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notifications';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { PricingAndSubscriptions } from './pricing-and-subscriptions';

const plan = (code: string, name: string, tier: number, eur: number): Plan => ({
  code,
  name,
  kind: 'team',
  tier,
  interval: 'month',
  prices: { eur, jpy: eur },
  limits: { uploads_per_month: tier === 3 ? null : 5 * tier, saved_audiences: 25, seats: 3 },
});
const plans = [
  plan('starter-month', 'Starter', 1, 4900),
  plan('pro-month', 'Pro', 2, 14900),
  plan('enterprise-month', 'Enterprise', 3, 49900),
];

const billing = (overrides: Partial<TeamBilling> = {}): TeamBilling => ({
  team: { id: 7, slug: 'acme' },
  currency: 'eur',
  billing_complete: true,
  active: false,
  enterprise: false,
  subscription: null,
  plans,
  invoices: [],
  usage: { uploads_this_month: 0, saved_audiences: 0, seats: 1 },
  can_upload: { allowed: false, reason: 'You need an active subscription to upload audiences to X.' },
  can_manage: true,
  ...overrides,
});

describe('PricingAndSubscriptions', { timeout: 20_000 }, () => {
  it('shows plans side by side and refuses buying until billing details are complete', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/customer/subscriptions/': { body: billing({ billing_complete: false }) } }),
    );
    renderWithProviders(<PricingAndSubscriptions team="acme" />);
    const pro = await screen.findByTestId('plan-pro-month');
    expect(pro.textContent).toContain('€149.00');
    expect(pro.textContent).toContain('10 audience uploads a month');
    expect(within(pro).getByRole('button', { name: 'Subscribe' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/Complete the billing details/)).toBeTruthy();
  });

  it('sends an admin to the hosted checkout for the chosen plan', async () => {
    let sent: unknown;
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/customer/subscriptions/': { body: billing() },
        'POST /api/customer/subscriptions/checkout/': (init) => {
          sent = jsonBody(init);
          return { body: { id: 'cs_1', url: 'https://pay.example/c/pay/cs_1' } };
        },
      }),
    );
    const redirect = vi.fn();
    renderWithProviders(<PricingAndSubscriptions team="acme" redirect={redirect} />);
    await userEvent.click(
      within(await screen.findByTestId('plan-pro-month')).getByRole('button', { name: 'Subscribe' }),
    );
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://pay.example/c/pay/cs_1'));
    expect(sent).toEqual({ team: 'acme', plan: 'pro-month' });
  });

  it('upgrades and cancels only after a confirmation', async () => {
    const calls: string[] = [];
    const active = billing({
      active: true,
      can_upload: { allowed: true, reason: null },
      subscription: {
        id: 'sub_1',
        plan: plans[1]!,
        status: 'active',
        active: true,
        start: '2026-11-01T00:00:00Z',
        current_period_end: '2026-12-01T00:00:00Z',
        cancel_at_period_end: false,
        currency: 'eur',
      },
    });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/customer/subscriptions/': { body: active },
        'POST /api/customer/subscriptions/upgrade/': () => {
          calls.push('upgrade');
          return { body: { detail: 'Moving to Enterprise.' } };
        },
        'POST /api/customer/subscriptions/cancel/': () => {
          calls.push('cancel');
          return { body: { detail: 'Ends on 2026-12-01.' } };
        },
      }),
    );
    renderWithProviders(<PricingAndSubscriptions team="acme" />);
    // No way down from Pro; Starter has no action.
    expect(within(await screen.findByTestId('plan-starter-month')).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Enterprise' }));
    expect(calls).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade now' }));
    await waitFor(() => expect(calls).toEqual(['upgrade']));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(calls).toEqual(['upgrade', 'cancel']));
    expect(screen.getByText('Uploading audiences to X is allowed.')).toBeTruthy();
  });

  it('names plans and answers a cancellation in Japanese on a Japanese screen', async () => {
    await i18n.changeLanguage('ja');
    const success = vi.spyOn(notify, 'success');
    const active = billing({
      active: true,
      can_upload: { allowed: true, reason: null },
      subscription: {
        id: 'sub_1',
        plan: plans[1]!,
        status: 'active',
        active: true,
        start: '2026-11-01T00:00:00Z',
        current_period_end: '2026-12-01T00:00:00Z',
        cancel_at_period_end: false,
        currency: 'eur',
      },
    });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/customer/subscriptions/': { body: active },
        // The server's sentence, as billing.service.ts writes it (English: the catalogue translates it).
        'POST /api/customer/subscriptions/cancel/': {
          body: { detail: 'The subscription ends on 2026-12-01; it stays active until then.' },
        },
      }),
    );
    renderWithProviders(<PricingAndSubscriptions team="acme" />);
    const pro = await screen.findByTestId('plan-pro-month');
    expect(within(pro).getByRole('heading', { level: 3 }).textContent).toContain('プロ');
    expect(screen.getByTestId('plan-starter-month').textContent).toContain('スターター');
    expect(screen.queryByText(/^(Starter|Pro|Enterprise)$/)).toBeNull();
    expect(screen.getByRole('button', { name: 'エンタープライズにアップグレード' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: i18n.t('billing.cancel') }));
    await userEvent.click(await screen.findByRole('button', { name: i18n.t('billing.confirmCancelButton') }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'サブスクリプションは2026-12-01に終了します。それまでは有効です。',
      ),
    );
  });

  it('says the payment was received on return from checkout, then that the plan is active', async () => {
    let calls = 0;
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/customer/subscriptions/': () => {
          calls += 1;
          if (calls === 1) return { body: billing() };
          return {
            body: billing({
              active: true,
              subscription: {
                id: 'sub_1',
                plan: plans[1]!,
                active: true,
                status: 'active',
                start: '2026-11-01T00:00:00Z',
                current_period_end: '2026-12-01T00:00:00Z',
                cancel_at_period_end: false,
                currency: 'eur',
              },
            }),
          };
        },
      }),
    );
    renderWithProviders(<PricingAndSubscriptions team="acme" returnState="success" />);
    const receipt = await screen.findByTestId('payment-received');
    expect(receipt.textContent).toContain('Payment received');
    await waitFor(() => expect(receipt.textContent).toContain('Pro is active.'), { timeout: 5000 });
  });
});
