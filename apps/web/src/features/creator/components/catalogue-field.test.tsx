import { emptyTargetingPackage, type TargetingPackage } from '@murmur/core/targeting';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { CatalogueField } from './catalogue-field';

const topics = [
  { value: '1001', label: 'Formula 1', category: 'SPORTS_LEAGUES', size: 900 },
  { value: '1002', label: 'Generative AI', category: 'TRENDS', size: 800 },
];

const titles = [
  { value: '2001', label: 'The Quiet House', category: 'HORROR', size: 700 },
  { value: '2002', label: '東京ランナーズ', category: 'DRAMA', size: 600 },
];
const operators = [{ value: '3001', label: 'NTT Docomo', category: 'JP', size: 500 }];

let latest: TargetingPackage = emptyTargetingPackage();
function Field({
  initial,
  catalogue = 'conversation_topics',
}: {
  initial: TargetingPackage;
  catalogue?: 'conversation_topics' | 'movies_tv_shows' | 'network_operators';
}) {
  const [pkg, setPkg] = useState(initial);
  return (
    <CatalogueField
      catalogue={catalogue}
      label="Topics"
      description=""
      pkg={pkg}
      onChange={(next) => {
        latest = next;
        setPkg(next);
      }}
    />
  );
}

describe('catalogue pickers and chips in the interface language', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('lists, finds (by the Japanese name) and shows topics in Japanese; the package keeps X names', async () => {
    await i18n.changeLanguage('ja');
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/external/conversation-topics/': { body: { conversation_topics: topics } },
        // The catalogue's search reads English names only.
        'POST /api/external/conversation-topics/search/': { body: { conversation_topics: [] } },
      }),
    );
    const user = userEvent.setup();
    const initial = { ...emptyTargetingPackage(), conversation_topics: [{ label: 'Formula 1', id: '1001' }] };
    renderWithProviders(<Field initial={initial} />);
    const chips = screen.getByRole('group');
    expect(within(chips).getByText('F1')).toBeTruthy();
    expect(within(chips).queryByText('Formula 1')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Topics' }), '生成');
    await user.click(await screen.findByRole('option', { name: '生成AI' }));
    expect(latest.conversation_topics).toEqual([
      { label: 'Formula 1', id: '1001' },
      { label: 'Generative AI', id: '1002' },
    ]);
    expect(await within(screen.getByRole('group')).findByText('生成AI')).toBeTruthy();
  });

  const catalogues = () =>
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/external/conversation-topics/': { body: { conversation_topics: topics } },
        'GET /api/external/movies-tv-shows/': { body: { movies_tv_shows: titles } },
        'GET /api/external/network-operators/': { body: { network_operators: operators } },
      }),
    );
  const detailOf = async (name: string) => (await screen.findByRole('option', { name })).textContent;

  it('names topic types, genres and countries under each option in Japanese, not as codes', async () => {
    await i18n.changeLanguage('ja');
    catalogues();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Field initial={emptyTargetingPackage()} />);
    await user.click(screen.getByRole('textbox', { name: 'Topics' }));
    expect(await detailOf('F1')).toContain('スポーツリーグ');
    expect(await detailOf('生成AI')).toContain('トレンド');
    expect(screen.queryByText('SPORTS_LEAGUES')).toBeNull();
    unmount();

    const titlesField = renderWithProviders(
      <Field initial={emptyTargetingPackage()} catalogue="movies_tv_shows" />,
    );
    await user.click(screen.getByRole('textbox', { name: 'Topics' }));
    expect(await detailOf('静かな家')).toContain('ホラー');
    expect(await detailOf('東京ランナーズ')).toContain('ドラマ');
    expect(screen.queryByText('DRAMA')).toBeNull();
    titlesField.unmount();

    renderWithProviders(<Field initial={emptyTargetingPackage()} catalogue="network_operators" />);
    await user.click(screen.getByRole('textbox', { name: 'Topics' }));
    expect(await detailOf('NTT Docomo')).toContain('日本');
  });

  it('and in English on English screens', async () => {
    catalogues();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Field initial={emptyTargetingPackage()} />);
    await user.click(screen.getByRole('textbox', { name: 'Topics' }));
    expect(await detailOf('Formula 1')).toContain('Sports league');
    expect(await detailOf('Generative AI')).toContain('Trend');
    unmount();
    renderWithProviders(<Field initial={emptyTargetingPackage()} catalogue="movies_tv_shows" />);
    await user.click(screen.getByRole('textbox', { name: 'Topics' }));
    expect(await detailOf('The Quiet House')).toContain('Horror');
    expect(screen.queryByText('HORROR')).toBeNull();
  });
});
