import { Button, Center, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebounced } from '@/lib/debounce';
import { useTranslation } from 'react-i18next';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { usePagedFilters } from '@/lib/use-paged-filters';
import { useAudienceCategories } from '../api/get-audience-categories';
import { useAudienceRegions } from '../api/get-audience-regions';
import { useRegionName } from '../hooks/use-region-name';
import { useStoreAudiences } from '../api/get-store-audiences';
import { StoreCard } from './store-card';

/** Cards shown at first and added by each 'Show more results'. */
const PAGE = 12;

export interface AudienceStoreProps {
  signedIn: boolean;
  teamSlug: string | null;
}

/** The audience store (catalogue): ready-made audiences by category and region. */
export function AudienceStore({ signedIn, teamSlug }: AudienceStoreProps) {
  const { t } = useTranslation();
  usePageTitle(t('screens.store'));
  const { params, set, shown, showMore } = usePagedFilters(PAGE);
  const category = params.get('category');
  const region = params.get('region');
  const searchText = params.get('search') ?? '';
  const [search] = useDebounced(searchText.trim());
  const categories = useAudienceCategories();
  const regions = useAudienceRegions();
  const regionName = useRegionName();
  const names = useCatalogueNames();
  const audiences = useStoreAudiences({
    category: category ?? undefined,
    region: region ?? undefined,
    search: search || undefined,
  });

  return (
    <Stack gap="lg">
      <PageHeader title={t('screens.store')} intro={t('store.intro')} />
      <Group gap="sm" align="flex-end">
        <TextInput
          type="search"
          label={t('store.search')}
          placeholder={t('store.searchPlaceholder')}
          value={searchText}
          onChange={(event) => set('search', event.currentTarget.value)}
          w={240}
        />
        <Select
          label={t('store.category')}
          placeholder={t('store.allCategories')}
          data={(categories.data ?? []).map((item) => ({
            value: String(item.id),
            label: names.name('audience_categories', item.name),
          }))}
          value={category}
          onChange={(value) => set('category', value)}
          clearable
          w={220}
        />
        <Select
          label={t('store.region')}
          placeholder={t('store.allRegions')}
          data={(regions.data ?? []).map((item) => ({
            value: String(item.id),
            label: regionName(item.name),
          }))}
          value={region}
          onChange={(value) => set('region', value)}
          clearable
          searchable
          w={220}
        />
      </Group>
      {audiences.isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          role="status"
          aria-label={t('common.loading')}
          aria-busy="true"
        >
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} h={190} radius="md" />
          ))}
        </SimpleGrid>
      ) : audiences.isError ? (
        <QueryError query={audiences} />
      ) : audiences.data.results.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('table.noResults')}
        </Text>
      ) : (
        <Stack gap="md">
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            style={{ opacity: audiences.isPlaceholderData ? 0.6 : 1 }}
          >
            {audiences.data.results.slice(0, shown).map((audience) => (
              <StoreCard key={audience.id} audience={audience} signedIn={signedIn} teamSlug={teamSlug} />
            ))}
          </SimpleGrid>
          {audiences.data.results.length > shown && (
            <Center>
              <Button variant="light" onClick={showMore}>
                {t('table.showMore')}
              </Button>
            </Center>
          )}
        </Stack>
      )}
    </Stack>
  );
}
