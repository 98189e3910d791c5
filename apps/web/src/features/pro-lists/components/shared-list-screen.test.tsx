import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { SharedListScreen } from './shared-list-screen';

const path = 'GET /api/external/audience-configs/shared/7.abc/';

describe('SharedListScreen (/shared/:token)', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('opens a working link into the builder', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        [path]: {
          body: {
            name: 'Coffee lovers',
            kind: 'saved_list',
            targeting_package: { keywords: [{ label: 'coffee' }] },
          },
        },
      }),
    );
    renderWithProviders(<SharedListScreen token="7.abc" />, { route: '/shared/7.abc' });
    expect(await screen.findByText('Coffee lovers')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open in the audience builder' });
    expect(open.getAttribute('href')).toMatch(/^\/audience-builder\?package=[A-Za-z0-9_-]+$/);
  });

  it('says an expired link has expired (410), in English', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ [path]: { status: 410, body: { detail: 'This share link has expired.' } } }),
    );
    renderWithProviders(<SharedListScreen token="7.abc" />, { route: '/shared/7.abc' });
    expect(await screen.findByText('This link has expired')).toBeTruthy();
    expect(
      screen.getByText('Share links work for a limited time. Ask the person who shared it for a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Build an audience' })).toBeTruthy();
  });

  it('says a replaced or revoked link no longer works (404), in Japanese', async () => {
    await i18n.changeLanguage('ja');
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ [path]: { status: 404, body: { detail: 'This share link is not valid.' } } }),
    );
    renderWithProviders(<SharedListScreen token="7.abc" />, { route: '/shared/7.abc' });
    expect(await screen.findByText('このリンクは使えません')).toBeTruthy();
    expect(
      screen.getByText(
        '新しいリンクに置き換えられたか、無効化されました。共有した人に現在のリンクを依頼してください。',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'オーディエンスを作成' })).toBeTruthy();
  });
});
