import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fixtureReport } from '@/features/insights/insights-fixture';
import type { InsightsReport, Share } from '@/features/insights/types';
import { ConversationTab } from './conversation-tab';
import { JobTitlesTab } from './job-titles-tab';
import { NetworkTab } from './network-tab';

// Catalogue values as the engine labels them (the sandbox's English names): Japanese screens read them
// by core's Japanese names.

const share = (key: string, label: string, s: number): Share => ({
  key,
  label,
  count: 10,
  share: s,
  shareInterval: [s / 2, s * 2],
  populationShare: s / 2,
  affinity: 2,
  affinityInterval: [1, 4],
});
const physics = share('20001', 'Science/Physics', 0.3);
const space = share('20002', 'Science/Space and astronomy', 0.2);
const report: InsightsReport = {
  ...fixtureReport,
  interests: { ...fixtureReport.interests!, interests: [physics], distinctive: [space] },
  conversationTopics: {
    ...fixtureReport.conversationTopics!,
    topics: [share('1000001', 'Formula 1', 0.25)],
    moviesTv: [share('10000001', 'The Quiet House', 0.05)],
  },
  jobTitles: {
    ...fixtureReport.jobTitles!,
    categories: [
      {
        ...share('IT Developer', 'IT Developer', 0.18),
        titles: [share('software-engineer', 'Software engineer', 0.09)],
      },
    ],
  },
  communities: {
    ...fixtureReport.communities!,
    communities: [
      {
        ...fixtureReport.communities!.communities[0]!,
        name: 'Physics · Space and astronomy',
        interests: [physics, space],
        words: [share('telescope', 'telescope', 0.1)],
      },
      { ...fixtureReport.communities!.communities[1]!, name: 'Community 2' },
    ],
  },
};

describe('insights panels name catalogue values in the interface language', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('interests, conversation topics and movies/TV in Japanese', async () => {
    await i18n.changeLanguage('ja');
    renderWithProviders(<ConversationTab report={report} />);
    const interests = screen.getByRole('table', { name: '興味関心' });
    expect(within(interests).getByText('物理学')).toBeTruthy();
    expect(within(interests).getByText('科学/物理学')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: '会話トピック' })).getByText('F1')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: '映画・テレビ番組' })).getByText('静かな家'),
    ).toBeTruthy();
    expect(screen.queryByText('Formula 1')).toBeNull();
    expect(screen.queryByText('The Quiet House')).toBeNull();
  });

  it('and as the catalogue names them in English', () => {
    renderWithProviders(<ConversationTab report={report} />);
    expect(screen.getAllByText('Physics').length).toBeGreaterThan(0);
    expect(screen.getByText('Formula 1')).toBeTruthy();
    expect(screen.getByText('The Quiet House')).toBeTruthy();
  });

  it('job categories and job titles in Japanese', async () => {
    await i18n.changeLanguage('ja');
    renderWithProviders(<JobTitlesTab report={report} />);
    expect(screen.getAllByText('ITエンジニア').length).toBeGreaterThan(0);
    expect(screen.getByText('ソフトウェアエンジニア')).toBeTruthy();
    expect(screen.queryByText('Software engineer')).toBeNull();
  });

  it('communities named again from their interests in Japanese, numbered ones too', async () => {
    await i18n.changeLanguage('ja');
    renderWithProviders(<NetworkTab report={report} />);
    const panel = screen.getByRole('region', { name: 'コミュニティ' });
    // Two interests name it; an English bio word never joins a Japanese name.
    expect(within(panel).getByText('物理学 · 宇宙・天文学')).toBeTruthy();
    expect(within(panel).queryByText(/telescope/)).toBeNull();
    expect(within(panel).getByText('コミュニティ2')).toBeTruthy();
    expect(within(panel).getByText('科学/物理学')).toBeTruthy();
    expect(within(panel).queryByText(/Physics/)).toBeNull();
    // A community's size is an estimate of the audience's members, and says so.
    expect(within(panel).getAllByText(/^推定.+人 · オーディエンスの/).length).toBe(2);
  });
});
