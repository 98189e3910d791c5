import type { UploadedAudience } from '@murmur/core/api';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { UploadStates } from './audience-columns';
import { PushedAudiences } from './pushed-audiences';

const upload = (state: UploadedAudience['state'], created: string): UploadedAudience => ({
  id: 1,
  audience_config: 7,
  audience_plan: null,
  team: { id: 1, slug: 'acme' },
  ad_account: { id: 'acc123', name: 'Acme Ads' },
  custom_audience_id: 'ca1',
  name: 'English speakers',
  state,
  targetable: false,
  uploaded_count: 10,
  audience_size: 0,
  created,
  checked: created,
});

describe('UploadStates', () => {
  afterEach(() => vi.useRealTimers());

  it('tells when a processing upload should be ready, and when it is late', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T12:00:00Z'), toFake: ['Date'] });
    const { rerender } = renderWithProviders(
      <UploadStates uploads={[upload('processing', '2026-11-24T09:00:00Z')]} />,
    );
    expect(screen.getByTestId('upload-expected').textContent).toBe('Usually ready in 21 hours.');
    // X's verdict is named as X's, so that it never reads against Murmur's own "Targetable".
    expect(screen.getByTestId('upload-state').textContent).toContain('Not yet targetable on X');
    rerender(<UploadStates uploads={[upload('processing', '2026-11-22T09:00:00Z')]} />);
    expect(screen.getByTestId('upload-expected').textContent).toContain('up to 48 hours');
    rerender(<UploadStates uploads={[upload('ready', '2026-11-22T09:00:00Z')]} />);
    expect(screen.queryByTestId('upload-expected')).toBeNull();
  });
});

describe('PushedAudiences', () => {
  const pushed = (id: number, state: UploadedAudience['state'], audienceSize: number): UploadedAudience => ({
    ...upload(state, '2026-11-24T09:00:00Z'),
    id,
    audience_config: null,
    audience_plan: 3,
    name: `Reach plan · ${id}`,
    targetable: state === 'ready',
    uploaded_count: 12_000,
    audience_size: audienceSize,
  });

  it('lists the custom audiences a reach plan pushed, with their state on X, and no saved audience’s upload', () => {
    renderWithProviders(
      <PushedAudiences
        uploads={[
          upload('ready', '2026-11-24T09:00:00Z'),
          pushed(2, 'processing', 0),
          pushed(3, 'ready', 11_500),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Pushed to X from reach plans' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Reach plan · 2');
    expect(rows[0]).toContain('Processing');
    expect(rows[0]).toContain('Not yet targetable on X');
    expect(rows[1]).toContain('Reach plan · 3');
    expect(rows[1]).toContain('Ready');
    expect(rows[1]).toContain('11K');
    expect(screen.queryByText('English speakers')).toBeNull();
    // On a phone each row is a block of "column: value" lines: every cell names its column.
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.dataset.label)).toEqual([
      'Custom audience',
      'On X',
      'Sent',
      'Matched on X',
    ]);
  });

  it('shows nothing when no plan was pushed', () => {
    renderWithProviders(<PushedAudiences uploads={[upload('ready', '2026-11-24T09:00:00Z')]} />);
    expect(screen.queryByTestId('pushed-audiences')).toBeNull();
  });

  it('speaks Japanese', async () => {
    await i18n.changeLanguage('ja');
    renderWithProviders(<PushedAudiences uploads={[pushed(2, 'ready', 11_500)]} />);
    expect(screen.getByText('リーチプランから X に送信')).toBeTruthy();
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('準備完了');
  });
});
