import type { StatsTotal } from '@murmur/core/api';
import { formatLargeNumber, formatMoney } from '@murmur/core/format';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import type { DeliveryCampaign } from '../utils/delivery-expectation';
import { alignedTicks, DeliveryChart, niceTicks } from './delivery-chart';

const stats: StatsTotal = {
  campaign: 1,
  currency: 'USD',
  totals: { impressions: 5_630, engagements: 120, clicks: 40, spent: 81.5 },
  days: [
    { day: '2026-11-20', impressions: 1_200, engagements: 30, clicks: 9, spent: 18.25 },
    { day: '2026-11-21', impressions: 4_430, engagements: 90, clicks: 31, spent: 63.25 },
  ],
  synced: '2026-11-22T10:00:00Z',
};
const active: DeliveryCampaign = { status: 'Active', start: null, modified: '2026-11-20T08:00:00Z' };

describe('DeliveryChart', () => {
  it('has axes with round ticks covering the largest day', () => {
    expect(niceTicks(4_430)).toEqual([0, 2_000, 4_000, 6_000]);
    expect(niceTicks(63.25)).toEqual([0, 20, 40, 60, 80]);
    // Spend's axis shares the impressions' gridlines: as many ticks, round steps.
    expect(alignedTicks(63.25, 4)).toEqual([0, 25, 50, 75]);
    expect(niceTicks(0)).toEqual([0, 1]);
    renderWithProviders(<DeliveryChart stats={stats} campaign={active} />);
    const chart = screen.getByTestId('delivery-chart');
    // Left axis (impressions) and right axis (spend), both labelled.
    expect(within(chart).getByText(formatLargeNumber(6_000))).toBeTruthy();
    expect(within(chart).getByText(formatMoney(75, 'USD'))).toBeTruthy();
    expect(within(chart).getByText('Impressions')).toBeTruthy();
  });

  it('shows a day’s figures on hover or keyboard focus, and all of them as a table', async () => {
    const ui = userEvent.setup();
    renderWithProviders(<DeliveryChart stats={stats} campaign={active} />);
    const days = screen.getAllByRole('img');
    expect(days).toHaveLength(2);
    expect(days[1]!.getAttribute('aria-label')).toContain(formatLargeNumber(4_430));
    await ui.tab();
    expect(document.activeElement).toBe(days[0]);
    expect(screen.getByRole('tooltip').textContent).toContain(formatMoney(18.25, 'USD'));
    fireEvent.mouseEnter(days[1]!);
    expect(screen.getByRole('tooltip').textContent).toContain(formatLargeNumber(4_430));

    const table = screen.getByRole('table', { hidden: true });
    expect(table.hidden).toBe(true);
    await ui.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(table.hidden).toBe(false);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]!.textContent).toContain(formatMoney(63.25, 'USD'));
  });

  it('says when nothing was delivered yet, and when to expect delivery', () => {
    const now = Date.parse('2026-11-26T10:20:00Z');
    const at = (iso: string) =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    const expectation = (campaign: DeliveryCampaign) => {
      const view = renderWithProviders(
        <DeliveryChart stats={{ ...stats, days: [] }} campaign={campaign} now={now} />,
      );
      const text = screen.getByTestId('no-delivery').textContent;
      view.unmount();
      return text;
    };
    // Published at 10:05 without a start: X serves from then; the first impressions by 11:05.
    const soon = expectation({ ...active, modified: '2026-11-26T10:05:00Z' });
    expect(soon).toContain('No delivery yet.');
    expect(soon).toContain(
      `X serves the campaign from ${at('2026-11-26T10:05:00Z')}: the first impressions are expected by ${at('2026-11-26T11:05:00Z')}`,
    );
    // A start at 13:30 is 14:00 on X (on the hour).
    expect(expectation({ ...active, status: 'Scheduled', start: '2026-11-26T13:30:00Z' })).toContain(
      `Delivery is expected from ${at('2026-11-26T14:00:00Z')}, the campaign's start`,
    );
    expect(expectation({ ...active, status: 'Draft' })).toContain(
      'Delivery starts once the campaign is published',
    );
    expect(expectation({ ...active, status: 'Paused' })).toContain('X delivers nothing until you resume it');
    // Hours on with nothing: the usual reasons.
    expect(expectation({ ...active, modified: '2026-11-26T07:00:00Z' })).toContain(
      `X has delivered nothing since ${at('2026-11-26T07:00:00Z')}. A small audience`,
    );
  });

  it('says in Japanese when delivery is to be expected', async () => {
    await i18n.changeLanguage('ja');
    const now = Date.parse('2026-11-26T10:20:00Z');
    renderWithProviders(
      <DeliveryChart
        stats={{ ...stats, days: [] }}
        campaign={{ ...active, status: 'Scheduled', start: '2026-11-26T13:30:00Z' }}
        now={now}
      />,
    );
    const date = new Intl.DateTimeFormat('ja', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-11-26T14:00:00Z'),
    );
    expect(screen.getByTestId('no-delivery').textContent).toContain(
      `キャンペーンの開始時刻 ${date} から配信される見込みです`,
    );
  });

  afterEach(() => i18n.changeLanguage('en'));
});
