import { Alert, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useAgency } from '../api/get-agency';
import { AgencyTeamCard } from './agency-team-card';

/**
 * The agency view (docs/AGENCY.md "Agency view"): one card per team the user belongs to (each
 * client's figures at a glance).
 */
export function AgencyPage() {
  const { t } = useTranslation();
  usePageTitle(t('agency.title'));
  const agency = useAgency();
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('agency.title')} intro={t('agency.intro')} />
      {agency.isPending && <Skeleton role="status" h={320} aria-label={t('common.loading')} />}
      {agency.isError && <QueryError query={agency} />}
      {agency.isSuccess && agency.data.teams.length === 0 && <Alert color="gray">{t('agency.empty')}</Alert>}
      {agency.isSuccess && agency.data.teams.length > 0 && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {agency.data.teams.map((team) => (
            <AgencyTeamCard key={team.id} team={team} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
