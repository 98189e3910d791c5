import { Alert, Button, Group, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { OVERLAP_MAX_AUDIENCES, OVERLAP_MIN_AUDIENCES } from '@murmur/core/api';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { useAudienceConfigs } from '@/lib/api/get-audience-configs';
import { JobView } from '@/components/job-view';
import { errorText } from '@/lib/error-text';
import { useOverlapAudiences } from '../api/overlap-audiences';
import { OverlapResultView } from './overlap-result';

export interface OverlapPageProps {
  team: string;
}

/**
 * The overlap of 2–50 of the team's saved audiences, and the reach planner over them
 * (docs/API-AUDIENCES.md "Overlap of 2–50 audiences and the reach planner").
 */
export function OverlapPage({ team }: OverlapPageProps) {
  const { t } = useTranslation();
  usePageTitle(t('overlap.title'));
  const audiences = useAudienceConfigs({ team, ordering: 'name' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = audiences;
  // Every saved audience of the team is a choice: the remaining pages load one after the other.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const rows = useMemo(() => audiences.data?.pages.flatMap((page) => page.results) ?? [], [audiences.data]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [names, setNames] = useState<string[]>([]);
  const overlap = useOverlapAudiences();
  const start = () => {
    const picked = chosen.map((id) => rows.find((r) => String(r.id) === id)!);
    setNames(picked.map((r) => r.name));
    overlap.mutate({ audiences: picked.map((r) => ({ audience_config_id: r.id })) });
  };
  return (
    <Stack gap="lg">
      <PageHeader title={t('overlap.title')} intro={t('overlap.intro')} />
      <Button component={Link} to={`/${team}/audiences`} variant="subtle" w="fit-content" px={0}>
        {t('overlap.back')}
      </Button>
      {audiences.isPending ? (
        <Loader role="status" aria-label={t('overlap.loading')} />
      ) : audiences.isError ? (
        <Alert color="red" role="alert">
          {errorText(audiences.error, t)}
        </Alert>
      ) : rows.length < OVERLAP_MIN_AUDIENCES ? (
        <Text c="dimmed">{t('overlap.empty')}</Text>
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <MultiSelect
            label={t('overlap.choose', { min: OVERLAP_MIN_AUDIENCES, max: OVERLAP_MAX_AUDIENCES })}
            data={rows.map((r) => ({ value: String(r.id), label: r.name }))}
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              overlap.reset();
            }}
            maxValues={OVERLAP_MAX_AUDIENCES}
            searchable
            clearable
            nothingFoundMessage={t('table.noResults')}
            style={{ flex: '1 1 280px' }}
          />
          <Button
            disabled={chosen.length < OVERLAP_MIN_AUDIENCES}
            loading={overlap.isPending}
            onClick={start}
          >
            {t('overlap.start')}
          </Button>
        </Group>
      )}
      {overlap.isError && (
        <Alert color="red" role="alert">
          {errorText(overlap.error, t)}
        </Alert>
      )}
      {overlap.data !== undefined && (
        <JobView
          job={overlap.data}
          progressLabel={t('overlap.progress')}
          running={(progress, stage) => t('overlap.running', { progress, stage })}
        >
          {(result) => <OverlapResultView result={result} names={names} team={team} />}
        </JobView>
      )}
    </Stack>
  );
}
