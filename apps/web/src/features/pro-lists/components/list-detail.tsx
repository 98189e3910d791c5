import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@murmur/core/format';
import type { EstimateFigure } from '@murmur/core/sampling';
import type { TargetingPackage } from '@murmur/core/targeting';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FigureView } from '@/components/figure';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { useCatalogueNames, type CatalogueNames } from '@/lib/catalogue-names';
import { personalStore } from '@/lib/personal-store';
import { useList } from '../api/get-list';
import { ListActions } from './list-actions';
import { SuperInsightsPanel } from './super-insights-panel';

/** Each criterion's name, as the audience creator labels its fields (EN and JA). */
const CRITERIA_LABELS = {
  keywords: 'creator.fields.keywords.label',
  handles: 'creator.fields.handles.label',
  hashtags: 'creator.fields.hashtags.label',
  languages: 'creator.fields.languages.label',
  network_operators: 'creator.fields.network_operators.label',
  interests: 'creator.fields.interests.label',
  conversation_topics: 'creator.fields.conversation_topics.label',
  movies_tv_shows: 'creator.fields.movies_tv_shows.label',
  placements: 'creator.fields.placements.label',
  age: 'creator.fields.age.label',
  gender: 'creator.fields.gender.label',
  custom_audiences: 'creator.fields.customAudiences.label',
  locations: 'creator.fields.regions.label',
  countries: 'creator.fields.countries.label',
} as const satisfies Record<keyof TargetingPackage, string>;

/**
 * The criteria of a package as "kind: item, item" lines (deselected items left out), catalogue items
 * by their names in the interface language.
 */
function criteriaLines(
  pkg: TargetingPackage,
  names: CatalogueNames,
): { key: keyof TargetingPackage; items: string[] }[] {
  return (Object.entries(pkg) as [keyof TargetingPackage, unknown][])
    .map(([key, value]) => ({
      key,
      items: (value as unknown[]).flatMap((item) => {
        if (typeof item === 'string') return [item];
        if (item === null || typeof item !== 'object') return [];
        const record = item as { label?: string; handle?: string; deselected?: boolean };
        if (record.deselected === true) return [];
        if (record.handle !== undefined) return [`@${record.handle}`];
        return record.label === undefined ? [] : [names.packageItem(key, record.label)];
      }),
    }))
    .filter((line) => line.items.length > 0);
}

/** SPEC §2 /targeting-lists/:id: one list — its size, its criteria and what can be done with it. */
export function ListDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const names = useCatalogueNames();
  const navigate = useNavigate();
  const personal = useSyncExternalStore(personalStore.subscribe, personalStore.get, personalStore.get);
  const list = useList(personal.token === null ? null : id);
  usePageTitle(list.data?.name ?? t('screens.targetingLists'));
  if (personal.token === null) {
    return (
      <Alert color="blue" title={t('proSite.signInForMore')}>
        <Button component={Link} to="/" size="xs" variant="light">
          {t('proSite.signInLink')}
        </Button>
      </Alert>
    );
  }
  if (list.isPending) return <Skeleton role="status" h={220} aria-label={t('common.loading')} />;
  if (list.isError) return <QueryError query={list} />;
  const data = list.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={data.name}
        intro={
          data.kind === 'targeting_list' ? t('proSite.lists.targetingList') : t('proSite.lists.savedList')
        }
      />
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <FigureView figure={data.size_figure} withLabel size="lg" />
        <NamedEstimate label={t('proSite.lists.coreAudience')} figure={data.core_figure} />
        <NamedEstimate label={t('proSite.lists.proTargetingSize')} figure={data.pro_targeting_figure} />
        <Figure label={t('proSite.lists.modified')} value={formatDate(data.modified, language)} />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('proSite.lists.criteria')}
        </Title>
        <Stack gap="xs">
          {criteriaLines(data.targeting_package, names).map((line) => (
            <Group key={line.key} gap={6}>
              <Text size="sm" fw={600} miw={140}>
                {t(CRITERIA_LABELS[line.key])}
              </Text>
              {line.items.map((item) => (
                <Badge key={item} variant="light" tt="none">
                  {item}
                </Badge>
              ))}
            </Group>
          ))}
        </Stack>
      </Paper>
      <SuperInsightsPanel list={data} />
      <ListActions
        list={data}
        onDeleted={() => void navigate(data.kind === 'saved_list' ? '/saved-lists' : '/targeting-lists')}
      />
    </Stack>
  );
}

/** A stored core or pro-targeting size: an estimate of the same sample, named so, with its interval. */
function NamedEstimate({ label, figure }: { label: string; figure: EstimateFigure }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" data-figure-name>
        {label}
      </Text>
      <FigureView figure={figure} size="lg" />
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}
