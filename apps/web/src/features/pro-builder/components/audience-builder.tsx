import {
  Badge,
  Button,
  Grid,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Title,
  type ComboboxItem,
  type ComboboxParsedItem,
} from '@mantine/core';
import { COUNTRIES } from '@murmur/core/countries';
import { emptyTargetingPackage, type TargetingPackage } from '@murmur/core/targeting';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { SizePanel } from '@/components/size-panel';
import { useLanguage } from '@/hooks/use-language';
import { useInterests } from '@/lib/api/get-interests';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { decodePackage } from '@/lib/insights-link';
import { validateHandleQueryOptions } from '@/lib/api/validate-handle';
import { SaveListPanel } from './save-list-panel';
import { SuggestedInterests } from './suggested-interests';
import { WatchPanel } from './watch-panel';

/** What the builder asks for (SPEC §7 audience builder: followers-of, interested-in, posted-about, words-in-profile). */
export interface BuilderCriteria {
  handles: string[];
  interests: string[];
  postedAbout: string[];
  profileWords: string[];
  country: string | null;
}

const EMPTY: BuilderCriteria = {
  handles: [],
  interests: [],
  postedAbout: [],
  profileWords: [],
  country: null,
};

const cleanHandle = (value: string) => value.trim().replace(/^@+/, '');
const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];

/** The targeting package of the criteria: posts and bios are both keyword targeting on X. */
export function packageOf(criteria: BuilderCriteria): TargetingPackage {
  const country = criteria.country === null ? undefined : COUNTRIES.find((c) => c.code === criteria.country);
  return {
    ...emptyTargetingPackage(),
    handles: criteria.handles.map((handle) => ({ handle })),
    interests: criteria.interests.map((label) => ({ label })),
    keywords: unique([...criteria.postedAbout, ...criteria.profileWords]).map((label) => ({ label })),
    countries: country ? [{ label: country.name, id: country.code }] : [],
  };
}

/** A package arriving as ?package= (a shared list, "build from this"), read back into criteria. */
function criteriaOf(value: unknown): BuilderCriteria {
  if (value === null || typeof value !== 'object') return EMPTY;
  const pkg = value as Record<string, unknown>;
  const labels = (key: string, field: 'label' | 'handle' = 'label') =>
    Array.isArray(pkg[key])
      ? (pkg[key] as unknown[]).flatMap((item) => {
          if (item === null || typeof item !== 'object') return [];
          const text = (item as Record<string, unknown>)[field] ?? (item as Record<string, unknown>).label;
          return typeof text === 'string' ? [text] : [];
        })
      : [];
  const country = Array.isArray(pkg.countries)
    ? (pkg.countries[0] as { id?: unknown } | undefined)
    : undefined;
  return {
    handles: unique(labels('handles', 'handle').map(cleanHandle)),
    interests: unique(labels('interests')),
    postedAbout: unique(labels('keywords')),
    profileWords: [],
    country: typeof country?.id === 'string' ? country.id : null,
  };
}

export interface AudienceBuilderProps {
  /** The insights of the built package (the route brings the insights screen's parts). */
  renderInsights: (pkg: TargetingPackage) => ReactNode;
}

/** SPEC §2 /audience-builder: build an audience from what people follow, like, post and write, sized live. */
export function AudienceBuilder({ renderInsights }: AudienceBuilderProps) {
  const { t } = useTranslation();
  usePageTitle(t('screens.audienceBuilder'));
  const language = useLanguage();
  const [params] = useSearchParams();
  const [criteria, setCriteria] = useState<BuilderCriteria>(() => {
    const incoming = params.get('package');
    return incoming === null ? EMPTY : criteriaOf(decodePackage(incoming));
  });
  const [insightsOf, setInsightsOf] = useState<TargetingPackage | null>(null);
  const pkg = useMemo(() => packageOf(criteria), [criteria]);
  const interests = useInterests();
  // Interests are picked by X's (English) names, which the criteria keep and the package sends; the
  // options and the chosen chips read in the interface language, and are found by either name.
  const names = useCatalogueNames();
  const interestLabels = useMemo(
    () => [...new Set((interests.data ?? []).map((item) => item.label))],
    [interests.data],
  );
  const interestOptions = useMemo(
    () => interestLabels.map((label) => ({ value: label, label: names.name('interests', label) })),
    [interestLabels, names],
  );
  const filterInterests = ({ options, search }: { options: ComboboxParsedItem[]; search: string }) => {
    const needle = search.trim().toLowerCase();
    return options
      .filter(
        (o): o is ComboboxItem =>
          'value' in o && (o.value.toLowerCase().includes(needle) || o.label.toLowerCase().includes(needle)),
      )
      .slice(0, 50);
  };
  const countryOptions = useMemo(
    () =>
      COUNTRIES.filter((c) => c.selectable).map((c) => ({
        value: c.code,
        label: language === 'ja' ? c.nameJa : c.name,
      })),
    [language],
  );
  const checks = useQueries({ queries: criteria.handles.map((h) => validateHandleQueryOptions(h)) });
  const unknownHandles = criteria.handles.filter((_, i) => checks[i]?.data?.valid === false);
  const set = <K extends keyof BuilderCriteria>(key: K, value: BuilderCriteria[K]) =>
    setCriteria((current) => ({ ...current, [key]: value }));

  return (
    <Stack gap="lg">
      <PageHeader title={t('screens.audienceBuilder')} intro={t('proSite.builder.intro')} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md">
            <Stack gap="md">
              <TagsInput
                label={t('proSite.builder.followersOf')}
                description={t('proSite.builder.followersOfHelp')}
                placeholder="@handle"
                value={criteria.handles}
                onChange={(values) => set('handles', unique(values.map(cleanHandle)))}
                error={
                  unknownHandles.length > 0
                    ? t('proSite.builder.unknownHandles', {
                        handles: unknownHandles.map((h) => `@${h}`).join(', '),
                      })
                    : undefined
                }
                clearable
              />
              <MultiSelect
                label={t('proSite.builder.interestedIn')}
                description={t('proSite.builder.interestedInHelp')}
                data={interestOptions}
                filter={filterInterests}
                renderOption={({ option }) =>
                  option.label === option.value ? option.value : `${option.label} (${option.value})`
                }
                value={criteria.interests}
                onChange={(values) =>
                  set(
                    'interests',
                    unique(values).filter((v) => interestLabels.includes(v)),
                  )
                }
                searchable
                selectFirstOptionOnChange
                hidePickedOptions
                limit={50}
                clearable
              />
              <TagsInput
                label={t('proSite.builder.postedAbout')}
                description={t('proSite.builder.postedAboutHelp')}
                value={criteria.postedAbout}
                onChange={(values) => set('postedAbout', unique(values))}
                clearable
              />
              <TagsInput
                label={t('proSite.builder.wordsInProfile')}
                description={t('proSite.builder.wordsInProfileHelp')}
                value={criteria.profileWords}
                onChange={(values) => set('profileWords', unique(values))}
                clearable
              />
              <Select
                label={t('proSite.builder.country')}
                placeholder={t('proSite.builder.anyCountry')}
                data={countryOptions}
                value={criteria.country}
                onChange={(value) => set('country', value)}
                searchable
                clearable
              />
              <Group>
                <Button variant="default" onClick={() => setCriteria(EMPTY)} disabled={criteria === EMPTY}>
                  {t('proSite.builder.clear')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <SizePanel pkg={pkg} />
            <SuggestedInterests
              pkg={pkg}
              chosen={criteria.interests}
              onAdd={(label) => set('interests', unique([...criteria.interests, label]))}
            />
            <SaveListPanel pkg={pkg} />
            <WatchPanel pkg={pkg} />
            <Paper withBorder p="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('proSite.builder.insightsTitle')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('proSite.builder.insightsHelp')}
                </Text>
                <Group>
                  <Button onClick={() => setInsightsOf(pkg)} disabled={!hasCriteria(criteria)}>
                    {t('proSite.builder.generateInsights')}
                  </Button>
                  {insightsOf !== null && insightsOf !== pkg && (
                    <Badge color="yellow" variant="light">
                      {t('proSite.builder.insightsOutdated')}
                    </Badge>
                  )}
                </Group>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      {insightsOf !== null && renderInsights(insightsOf)}
    </Stack>
  );
}

const hasCriteria = (c: BuilderCriteria) =>
  c.handles.length + c.interests.length + c.postedAbout.length + c.profileWords.length > 0;
