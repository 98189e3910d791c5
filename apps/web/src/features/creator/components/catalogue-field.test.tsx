import { emptyTargetingPackage, type TargetingPackage } from '@murmur/core/targeting';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { CatalogueField } from './catalogue-field';

const topics = [
  { value: '1001', label: 'Formula 1', category: 'SPORTS_LEAGUES', size: 900 },
  { value: '1002', label: 'Generative AI', category: 'TRENDS', size: 800 },
];

let latest: TargetingPackage = emptyTargetingPackage();
function Field({ initial }: { initial: TargetingPackage }) {
  const [pkg, setPkg] = useState(initial);
  return (
    <CatalogueField
      catalogue="conversation_topics"
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

describe('catalogue pickers and chips in the interface language (issue 16)', { timeout: 20_000 }, () => {
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
});
