import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Campaign } from '@murmur/core/api';
import { formatDate, formatMoney } from '@murmur/core/format';
import { formatLargeNumber } from '../../../lib/large-number';
import { scheduleText } from '../utils/schedule';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AsyncButton } from '@/components/async-button';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { errorText, serverMessage } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useCampaign } from '../api/get-campaign';
import { useStatsTotal } from '../api/get-stats-total';
import { usePatchCampaign } from '../api/patch-campaign';
import { downloadSummaryPdf } from '../api/summary-pdf';
import { AdsetsTable } from './adsets-table';
import { DeliveryChart } from './delivery-chart';
import { CampaignReach } from './campaign-reach';
import { CampaignSegmentations } from './campaign-segmentations';
import { StatusBadge } from './status-badge';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`figure-${label}`}>
        {value}
      </Text>
    </Paper>
  );
}

/** SPEC §2 campaign detail: delivery chart, segmentations and reach; ad sets, ads and their toggles. */
export function CampaignDetail({ campaignId, overviewPath }: { campaignId: number; overviewPath: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const campaign = useCampaign(campaignId);
  usePageTitle(campaign.data?.name ?? t('campaigns.title'));
  const stats = useStatsTotal(campaignId);
  const patch = usePatchCampaign();
  const remove = useDeleteCampaign();

  if (campaign.isPending) return <Skeleton h={320} />;
  if (campaign.isError) return <QueryError query={campaign} />;
  const c: Campaign = campaign.data;
  const setStatus = async (status: 'Active' | 'Paused') => {
    try {
      await patch.mutateAsync({ campaignId: c.id, changes: { status } });
    } catch (error) {
      notify.error(errorText(error, t));
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageHeader
          title={c.name}
          intro={
            <Group gap="xs">
              <StatusBadge status={c.status} />
              <Text size="sm" c="dimmed">
                {t(`campaigns.objectives.${c.objective}`)} ·{' '}
                {c.budget_type === 'lifetime'
                  ? `${t('campaigns.columns.lifetimeBudget')} ${formatMoney(c.lifetime_budget ?? 0, c.currency)}`
                  : `${t('campaigns.columns.dailyBudget')} ${formatMoney(c.daily_budget ?? 0, c.currency)}`}{' '}
                · {scheduleText(t, c.start, c.end, language)}
              </Text>
            </Group>
          }
        />
        <Group gap="sm">
          <Button component={Link} to={overviewPath} variant="default">
            {t('campaigns.detail.back')}
          </Button>
          {c.status === 'Draft' && (
            <Button component={Link} to={`${overviewPath}/new?draft=${c.id}`} variant="default">
              {t('campaigns.detail.edit')}
            </Button>
          )}
          {c.status === 'Draft' && (
            <AsyncButton onClick={() => setStatus('Active')}>{t('campaigns.wizard.publish')}</AsyncButton>
          )}
          {c.status === 'Paused' && (
            <AsyncButton onClick={() => setStatus('Active')}>{t('campaigns.actions.resume')}</AsyncButton>
          )}
          {['Active', 'Scheduled'].includes(c.status) && (
            <AsyncButton variant="default" onClick={() => setStatus('Paused')}>
              {t('campaigns.actions.pause')}
            </AsyncButton>
          )}
          <AsyncButton
            variant="default"
            onClick={async () => {
              try {
                await downloadSummaryPdf(c.id, `${c.name}.pdf`);
              } catch (error) {
                notify.error(errorText(error, t));
              }
            }}
          >
            {t('campaigns.detail.pdf')}
          </AsyncButton>
          <AsyncButton
            color="red"
            variant="subtle"
            onClick={async () => {
              if (!window.confirm(t('campaigns.detail.confirmDelete'))) return;
              try {
                await remove.mutateAsync(c.id);
                void navigate(overviewPath);
              } catch (error) {
                notify.error(errorText(error, t));
              }
            }}
          >
            {t('campaigns.actions.delete')}
          </AsyncButton>
        </Group>
      </Group>
      {c.x_error && <Alert color="red">{serverMessage(c.x_error)}</Alert>}

      {stats.isError ? (
        <QueryError query={stats} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure
            label={t('campaigns.columns.impressions')}
            value={stats.data ? formatLargeNumber(stats.data.totals.impressions) : '…'}
          />
          <Figure
            label={t('campaigns.detail.engagements')}
            value={stats.data ? formatLargeNumber(stats.data.totals.engagements) : '…'}
          />
          <Figure
            label={t('campaigns.detail.clicks')}
            value={stats.data ? formatLargeNumber(stats.data.totals.clicks) : '…'}
          />
          <Figure
            label={t('campaigns.columns.spent')}
            value={stats.data ? formatMoney(stats.data.totals.spent, stats.data.currency) : '…'}
          />
        </SimpleGrid>
      )}
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            {t('campaigns.detail.delivery')}
          </Title>
          {stats.data?.synced && (
            <Text size="xs" c="dimmed">
              {t('campaigns.detail.synced', { date: formatDate(stats.data.synced, language) })}
            </Text>
          )}
        </Group>
        {stats.data ? <DeliveryChart stats={stats.data} campaign={c} /> : <Skeleton h={180} />}
      </Paper>

      <CampaignReach campaignId={c.id} />
      <CampaignSegmentations campaignId={c.id} />

      <AdsetsTable campaign={c} />
    </Stack>
  );
}
