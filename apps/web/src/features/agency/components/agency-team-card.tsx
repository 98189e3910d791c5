import { Anchor, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { AgencyTeam } from '@murmur/core/api';
import { formatMoney } from '@murmur/core/format';
import { formatLargeNumber } from '../../../lib/large-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FigureView } from '@/components/figure';
import { ReportScheduleForm } from './report-schedule-form';

export interface AgencyTeamCardProps {
  team: AgencyTeam;
}

const UPLOAD_COLOURS = { ready: 'green', processing: 'yellow', failed: 'red' } as const;

/** A section's heading with what its numbers are (count, estimate with interval, X's figure). */
function Section({ title, kind, children }: { title: string; kind: string; children: React.ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={700} size="sm">
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {kind}
        </Text>
      </Group>
      {children}
    </Stack>
  );
}

/** One client team in the agency view: accounts, active audiences, uploads to X, campaigns' delivery. */
export function AgencyTeamCard({ team }: AgencyTeamCardProps) {
  const { t } = useTranslation();
  const [reportOpen, setReportOpen] = useState(false);
  const { audiences, uploads, campaigns } = team;
  return (
    <Card withBorder padding="md" radius="md" data-testid={`agency-team-${team.slug}`}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {team.name}
            </Title>
            <Badge variant="light" color={team.level === 'admin' ? 'blue' : 'gray'}>
              {t(`agency.level.${team.level}`)}
            </Badge>
          </Group>
          <Group gap="xs">
            {team.level === 'admin' && (
              <Button size="xs" variant="light" onClick={() => setReportOpen(true)}>
                {t('agency.report.open')}
              </Button>
            )}
            <Anchor component={Link} to={`/${team.slug}/audiences`} size="sm">
              {t('agency.openTeam')}
            </Anchor>
          </Group>
        </Group>

        <Section
          title={t('agency.adAccounts')}
          kind={t('agency.kinds.count', { count: team.ad_accounts.length })}
        >
          {team.ad_accounts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('agency.noAdAccounts')}
            </Text>
          ) : (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {team.ad_accounts
                .map((a) => (a.name ? `${a.name} (${a.account_id})` : a.account_id))
                .join(', ')}
            </Text>
          )}
        </Section>

        <Section
          title={t('agency.audiences')}
          kind={t('agency.kinds.activeCount', { count: audiences.active_count })}
        >
          {audiences.top.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('agency.noAudiences')}
            </Text>
          ) : (
            <Stack gap={6}>
              <Text size="xs" c="dimmed">
                {t('agency.sizeNote')}
              </Text>
              {audiences.top.map((a) => (
                <Group key={a.id} justify="space-between" wrap="nowrap" align="flex-start">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {a.name}
                  </Text>
                  <FigureView figure={a.size_figure} withLabel />
                </Group>
              ))}
            </Stack>
          )}
        </Section>

        <Section title={t('agency.uploads')} kind={t('agency.kinds.count', { count: uploads.total })}>
          {uploads.latest.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('agency.noUploads')}
            </Text>
          ) : (
            <Stack gap={6}>
              {uploads.latest.map((u) => (
                <Group key={u.id} justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0} miw={0}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {u.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {u.account_name}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Badge color={UPLOAD_COLOURS[u.state]} variant="light">
                      {t(`agency.uploadState.${u.state}`)}
                    </Badge>
                    <Text size="xs">
                      {t('agency.xAudienceSize', { value: formatLargeNumber(u.x_audience_size) })}
                    </Text>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Section>

        <Section title={t('agency.campaigns')} kind={t('agency.kinds.count', { count: campaigns.total })}>
          {campaigns.latest.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('agency.noCampaigns')}
            </Text>
          ) : (
            <Stack gap={8}>
              <Text size="xs" c="dimmed">
                {t('agency.xFiguresNote')}
              </Text>
              {campaigns.latest.map((c) => (
                <Stack key={c.id} gap={2}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {c.name}
                    </Text>
                    <Badge variant="outline">{t(`agency.status.${c.status}`)}</Badge>
                  </Group>
                  <Group gap="md" wrap="wrap">
                    <Text size="xs">
                      {t('agency.delivery.impressions', { value: formatLargeNumber(c.delivery.impressions) })}
                    </Text>
                    <Text size="xs">
                      {t('agency.delivery.clicks', { value: formatLargeNumber(c.delivery.clicks) })}
                    </Text>
                    <Text size="xs">
                      {t('agency.delivery.spent', { value: formatMoney(c.delivery.spent, c.currency) })}
                    </Text>
                  </Group>
                </Stack>
              ))}
            </Stack>
          )}
        </Section>
      </Stack>
      <Modal
        opened={reportOpen}
        onClose={() => setReportOpen(false)}
        title={t('agency.report.title', { team: team.name })}
        size="lg"
      >
        {reportOpen && <ReportScheduleForm teamSlug={team.slug} />}
      </Modal>
    </Card>
  );
}
