import type { StatsTotal } from '@murmur/core/api';
import { formatLargeNumber, formatMoney } from '@murmur/core/format';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
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

describe('DeliveryChart', () => {
  it('has axes with round ticks covering the largest day', () => {
    expect(niceTicks(4_430)).toEqual([0, 2_000, 4_000, 6_000]);
    expect(niceTicks(63.25)).toEqual([0, 20, 40, 60, 80]);
    // Spend's axis shares the impressions' gridlines: as many ticks, round steps.
    expect(alignedTicks(63.25, 4)).toEqual([0, 25, 50, 75]);
    expect(niceTicks(0)).toEqual([0, 1]);
    renderWithProviders(<DeliveryChart stats={stats} />);
    const chart = screen.getByTestId('delivery-chart');
    // Left axis (impressions) and right axis (spend), both labelled.
    expect(within(chart).getByText(formatLargeNumber(6_000))).toBeTruthy();
    expect(within(chart).getByText(formatMoney(75, 'USD'))).toBeTruthy();
    expect(within(chart).getByText('Impressions')).toBeTruthy();
  });

  it('shows a day’s figures on hover or keyboard focus, and all of them as a table', async () => {
    const ui = userEvent.setup();
    renderWithProviders(<DeliveryChart stats={stats} />);
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

  it('says when nothing was delivered yet', () => {
    renderWithProviders(<DeliveryChart stats={{ ...stats, days: [] }} />);
    expect(screen.getByText('No delivery yet.')).toBeTruthy();
    // And when to expect it.
    expect(screen.getByTestId('no-delivery').textContent).toMatch(
      /X begins delivering, usually within a few hours/,
    );
  });

  it('says in Japanese when delivery is to be expected', async () => {
    await i18n.changeLanguage('ja');
    renderWithProviders(<DeliveryChart stats={{ ...stats, days: [] }} />);
    expect(screen.getByTestId('no-delivery').textContent).toMatch(/通常は数時間以内です/);
  });

  afterEach(() => i18n.changeLanguage('en'));
});
