import { Stack, Tabs } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { useInterests } from '@/lib/api/get-interests';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { useFollowersOf } from '../api/followers-of';
import { useInterestedIn } from '../api/interested-in';
import { usePostedAbout } from '../api/posted-about';
import { useWordsInProfile } from '../api/words-in-profile';
import { ExploreForm } from './explore-form';
import { TopicPostsPanel } from './topic-posts-panel';

export interface ExploreXProps {
  teamSlug: string;
}

const fold = (text: string) => text.trim().toLowerCase();

const TABS = ['followers', 'interested', 'posted', 'words', 'topics'] as const;
type ExploreTab = (typeof TABS)[number];

/** Explore X (SPEC §2): find audiences by followers, interests, posts, bios; read a topic's posts. */
export function ExploreX({ teamSlug }: ExploreXProps) {
  const { t } = useTranslation();
  usePageTitle(t('screens.exploreX'));
  const [params, setParams] = useSearchParams();
  const tab: ExploreTab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as ExploreTab)
    : 'followers';
  // Mutations live here so that switching tabs keeps each tab's answer.
  const followers = useFollowersOf();
  const interested = useInterestedIn();
  const posted = usePostedAbout();
  const words = useWordsInProfile();
  const interests = useInterests();
  // The server reads X's (English) interest names — a whole name ("Sports/Soccer"), a category or a
  // last part ("Soccer"); suggestions read in the interface language (スポーツ/サッカー), are found by
  // either name, and what is sent is X's name of what was typed or picked (other text goes as typed).
  const names = useCatalogueNames();
  const interestSuggestions = useMemo(() => {
    const labels = [...new Set((interests.data ?? []).map((item) => item.label))];
    const xName = new Map<string, string>();
    const shown: string[] = [];
    for (const label of labels) {
      const name = names.name('interests', label);
      shown.push(name);
      xName.set(fold(name), label);
    }
    // A category or last part typed alone, in the interface language, as the server reads it.
    for (const part of labels.flatMap((label) => label.split('/'))) {
      const name = fold(names.name('interests', part));
      if (!xName.has(name)) xName.set(name, part.trim());
    }
    return { shown, xName, labels: new Map(shown.map((name, i) => [name, labels[i] ?? name])) };
  }, [interests.data, names]);
  const interestOf = (text: string) => interestSuggestions.xName.get(fold(text)) ?? text;

  return (
    <Stack gap="lg">
      <PageHeader title={t('screens.exploreX')} intro={t('explore.intro')} />
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value === null || value === 'followers' ? {} : { tab: value }, { replace: true })
        }
      >
        <Tabs.List mb="md">
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`explore.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="followers">
          <ExploreForm
            label={t('explore.followers.label')}
            description={t('explore.followers.description')}
            placeholder="@handle"
            toBody={(text) => ({ handle: text.replace(/^@+/, '') })}
            mutation={followers}
            teamSlug={teamSlug}
          />
        </Tabs.Panel>
        <Tabs.Panel value="interested">
          <ExploreForm
            label={t('explore.interested.label')}
            description={t('explore.interested.description')}
            placeholder={t('explore.interested.placeholder')}
            toBody={(text) => ({ interest: interestOf(text) })}
            mutation={interested}
            teamSlug={teamSlug}
            suggestions={interestSuggestions.shown}
            suggestionMatches={(shown, search) => {
              const needle = fold(search);
              const label = interestSuggestions.labels.get(shown) ?? shown;
              return fold(shown).includes(needle) || fold(label).includes(needle);
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="posted">
          <ExploreForm
            label={t('explore.posted.label')}
            description={t('explore.posted.description')}
            placeholder={t('explore.posted.placeholder')}
            toBody={(text) => ({ keywords: text })}
            mutation={posted}
            teamSlug={teamSlug}
          />
        </Tabs.Panel>
        <Tabs.Panel value="words">
          <ExploreForm
            label={t('explore.words.label')}
            description={t('explore.words.description')}
            placeholder={t('explore.words.placeholder')}
            toBody={(text) => ({ words: text })}
            mutation={words}
            teamSlug={teamSlug}
          />
        </Tabs.Panel>
        <Tabs.Panel value="topics">
          <TopicPostsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
