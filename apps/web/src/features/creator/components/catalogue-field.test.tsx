import { formatLargeNumber } from '@/lib/large-number';
import { populationEstimate } from '@murmur/core/sampling';
import { emptyTargetingPackage, type TargetingPackage } from '@murmur/core/targeting';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { CatalogueField } from './catalogue-field';

/** A catalogue entry as the server answers it: its size with the figure of that size. */
const entry = (value: string, label: string, category: string, sampled: number) => {
  const size_figure = populationEstimate(sampled, { sampleSize: 100_000, rate: 100 });
  return { value, label, category, size: size_figure.value, size_figure };
};

const topics = [entry('1001', 'Formula 1', 'SPORTS_LEAGUES', 9), entry('1002', 'Generative AI', 'TRENDS', 8)];

const titles = [entry('2001', 'The Quiet House', 'HORROR', 7), entry('2002', '東京ランナーズ', 'DRAMA', 6)];
const operators = [entry('3001', 'NTT Docomo', 'JP', 5)];

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

  it("shows each option's size as Murmur's estimate with its 95 % interval, in English and Japanese", async () => {
    catalogues();
    const user = userEvent.setup();
    const f1 = topics[0]!.size_figure;
    const { unmount } = renderWithProviders(<Field initial={emptyTargetingPackage()} />);
    await user.click(screen.getByRole('textbox', { name: 'Topics' }));
    // 9 sampled accounts at 100 people each: 900, with Wilson's interval around it.
    expect(f1.low).toBeLessThan(900);
    expect(f1.high).toBeGreaterThan(900);
    const interval = `${formatLargeNumber(f1.low)}–${formatLargeNumber(f1.high)}`;
    expect(await detailOf('Formula 1')).toContain(`900 (estimate, ${interval})`);
    unmount();
    await i18n.changeLanguage('ja');
    renderWithProviders(<Field initial={emptyTargetingPackage()} />);
    await user.click(screen.getByRole('textbox', { name: 'Topics' }));
    expect(await detailOf('F1')).toContain(
      `900（推定、${formatLargeNumber(f1.low)}〜${formatLargeNumber(f1.high)}）`,
    );
  });
});
