import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { SubscriptionReturn } from './subscription-return';

describe('SubscriptionReturn', () => {
  it('confirms the payment on the success page, even before the session is known', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/user/me/': { status: 403, body: { detail: 'Not signed in.' } } }),
    );
    renderWithProviders(<SubscriptionReturn outcome="success" />, { route: '/create-subscription/success' });
    expect((await screen.findByTestId('payment-received')).textContent).toContain('Payment received');
  });

  it('does not claim a payment on the cancel page', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/user/me/': { status: 403, body: { detail: 'Not signed in.' } } }),
    );
    renderWithProviders(<SubscriptionReturn outcome="cancel" />, { route: '/create-subscription/cancel' });
    expect(await screen.findByText(/Nothing was charged/)).toBeTruthy();
    expect(screen.queryByTestId('payment-received')).toBeNull();
  });
});
