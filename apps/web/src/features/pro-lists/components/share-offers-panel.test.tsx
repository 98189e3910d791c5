import type { ShareOffer } from '@murmur/core/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notifications';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { ShareOffersPanel } from './share-offers-panel';

const offers: ShareOffer[] = [
  {
    id: 4,
    name: 'Coffee lovers',
    kind: 'targeting_list',
    from: 'Ann Lee',
    created: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 5,
    name: 'Tea drinkers',
    kind: 'saved_list',
    from: 'bob@example.com',
    created: '2026-11-21T10:00:00.000Z',
  },
];

describe('ShareOffersPanel (share via account asks the recipient first)', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('lists the waiting offers; accepting one accepts that one only and reads the offers again', async () => {
    let waiting = offers;
    const accept = vi.fn(() => {
      waiting = offers.slice(1);
      return { body: { id: 90, name: 'Coffee lovers' } };
    });
    const decline = vi.fn(() => ({ status: 204 }));
    vi.spyOn(window, 'fetch').mockImplementation((input, init) =>
      fakeFetch({
        'GET /api/external/audience-configs/share-offers/': { body: waiting },
        'POST /api/external/audience-configs/share-offers/4/accept/': accept,
        'POST /api/external/audience-configs/share-offers/5/decline/': decline,
      })(input, init),
    );
    const success = vi.spyOn(notify, 'success');
    renderWithProviders(<ShareOffersPanel enabled />);
    expect(await screen.findByText('2 lists shared with you')).toBeTruthy();
    expect(screen.getByText('Nothing is added to your lists until you accept.')).toBeTruthy();
    expect(screen.getByText(/Ann Lee wants to share “Coffee lovers” with you\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Accept “Coffee lovers”' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('“Coffee lovers” is now in your lists'));
    expect(accept).toHaveBeenCalledTimes(1);
    expect(decline).not.toHaveBeenCalled();
    expect(await screen.findByText('A list shared with you')).toBeTruthy();
    expect(screen.queryByText(/Coffee lovers/)).toBeNull();
  });

  it('declines in Japanese, and shows nothing when no offer waits', async () => {
    await i18n.changeLanguage('ja');
    let waiting = offers.slice(1);
    const decline = vi.fn(() => {
      waiting = [];
      return { status: 204 };
    });
    vi.spyOn(window, 'fetch').mockImplementation((input, init) =>
      fakeFetch({
        'GET /api/external/audience-configs/share-offers/': { body: waiting },
        'POST /api/external/audience-configs/share-offers/5/decline/': decline,
      })(input, init),
    );
    const success = vi.spyOn(notify, 'success');
    renderWithProviders(<ShareOffersPanel enabled />);
    expect(await screen.findByText('共有されたリスト（1 件）')).toBeTruthy();
    expect(screen.getByText('承認するまで、あなたのリストには何も追加されません。')).toBeTruthy();
    expect(screen.getByText(/bob@example.com さんが「Tea drinkers」を共有しようとしています。/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '「Tea drinkers」を承認' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '「Tea drinkers」を辞退' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('「Tea drinkers」を辞退しました'));
    expect(decline).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('共有されたリスト（1 件）')).toBeNull());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
