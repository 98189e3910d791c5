import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@murmur/core/api';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { WebhooksPanel } from './webhooks-panel';

const endpoint: WebhookEndpoint = {
  id: 4,
  url: 'https://hooks.example.com/murmur',
  events: ['audience.saved', 'campaign.paused'],
  created: '2026-11-01T00:00:00.000Z',
};
const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 9,
  event_type: 'test',
  state: 'sent',
  attempts: 1,
  response_status: 200,
  last_error: null,
  next_attempt_at: null,
  created: '2026-11-02T00:00:00.000Z',
  delivered: '2026-11-02T00:00:00.000Z',
  ...over,
});

describe('WebhooksPanel', { timeout: 20_000 }, () => {
  it('says so when there are no endpoints', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/teams/acme/webhooks/': { body: [] } }),
    );
    renderWithProviders(<WebhooksPanel slug="acme" />);
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
  });

  it('adds an endpoint with chosen events and shows the signing secret once', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teams/acme/webhooks/': { body: [] },
        'POST /api/teams/acme/webhooks/': (init) => {
          sent = jsonBody(init);
          return { status: 201, body: { ...endpoint, secret: 'whsec_shownonce' } };
        },
      }),
    );
    renderWithProviders(<WebhooksPanel slug="acme" />);
    await user.type(screen.getByRole('textbox', { name: 'Endpoint URL' }), endpoint.url);
    await user.click(screen.getByRole('checkbox', { name: 'Campaign paused' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('whsec_shownonce')).toBeTruthy();
    expect(sent).toEqual({ url: endpoint.url, events: ['audience.saved', 'campaign.paused'] });
  });

  it('sends a test event and shows the delivery log with state and attempts', async () => {
    const user = userEvent.setup();
    const log = [
      delivery(),
      delivery({ id: 8, event_type: 'audience.saved', state: 'pending', attempts: 3, response_status: 500 }),
    ];
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teams/acme/webhooks/': { body: [endpoint] },
        'POST /api/teams/acme/webhooks/4/test/': { body: delivery() },
        'GET /api/teams/acme/webhooks/4/deliveries/': { body: log },
      }),
    );
    renderWithProviders(<WebhooksPanel slug="acme" />);
    await user.click(await screen.findByRole('button', { name: 'Send test' }));
    const table = await screen.findByRole('table', { name: `Deliveries to ${endpoint.url}` });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Test event');
    expect(rows[1]!.textContent).toContain('Delivered');
    expect(rows[2]!.textContent).toContain('Audience saved');
    expect(rows[2]!.textContent).toContain('Retrying');
    expect(rows[2]!.textContent).toContain('3');
    expect(rows[2]!.textContent).toContain('500');
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
  });
});
