import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Team, User } from '@murmur/core/api';
import { hasActiveSubscription, isBillingComplete } from '@murmur/core/billing';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { JapaneseAgreementModal } from '@/components/japanese-agreement-modal';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { useJapaneseAgreement } from '@/lib/api/japanese-agreement';
import { countryName } from '@/lib/locale-names';
import { formatDate } from '@murmur/core/format';
import { OrganisationProfileForm, type OrganisationProfileFormProps } from './organisation-profile-form';

export interface OrganisationSettingsProps {
  team: Team;
  user: User;
  /** The user's teams (GET /api/teams/), as the route loaded them. */
  teams: { data: Team[] | undefined; isPending: boolean; error: unknown; refetch: () => Promise<unknown> };
  saveProfile: OrganisationProfileFormProps['save'];
  /** The team's usage panel (GET /api/metrics/), handed in by the route; no section without it. */
  usage?: ReactNode;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" mb="md" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const levelOf = (user: User, slug: string) => user.memberships.find((m) => m.team.slug === slug)?.level;

/**
 * Organisation settings (SPEC §2): the organisation's profile (name, logo), where it is registered
 * and the Japanese agreement, and every organisation the user belongs to. Admins change, members read.
 */
export function OrganisationSettings({ team, user, teams, saveProfile, usage }: OrganisationSettingsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageTitle(t('organisation.title'));
  const admin = levelOf(user, team.slug) === 'admin';
  const agreement = useJapaneseAgreement(team.slug);
  const [agreementOpen, setAgreementOpen] = useState(false);

  const columns: DataTableColumn<Team>[] = [
    {
      key: 'name',
      header: t('organisation.columns.name'),
      render: (row) => (
        <Link to={`/${row.slug}/organisation`} aria-current={row.slug === team.slug ? 'page' : undefined}>
          {row.name}
        </Link>
      ),
    },
    {
      key: 'level',
      header: t('organisation.columns.role'),
      render: (row) => t(levelOf(user, row.slug) === 'admin' ? 'organisation.admin' : 'organisation.member'),
    },
    { key: 'member_count', header: t('organisation.columns.members'), align: 'right' },
    {
      key: 'subscription',
      header: t('organisation.columns.subscription'),
      render: (row) =>
        hasActiveSubscription(row) ? (
          <Badge color="green" variant="light">
            {t('organisation.active')}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed" component="span">
            {t('organisation.none')}
          </Text>
        ),
    },
  ];

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={t('organisation.title')} intro={t('organisation.intro')} />
      {!admin && <Alert color="gray">{t('organisation.readOnly')}</Alert>}

      <Section id="organisation-profile" title={t('organisation.profile')}>
        <OrganisationProfileForm key={team.slug} team={team} canEdit={admin} save={saveProfile} />
      </Section>

      <Section id="organisation-registration" title={t('organisation.registration')}>
        <Stack gap="sm">
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {t('organisation.country')}
            </Text>
            <Text size="sm">
              {team.country ? countryName(team.country, language) : t('organisation.notSet')}
            </Text>
          </Group>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {t('organisation.billingDetails')}
            </Text>
            <Text size="sm">
              {isBillingComplete(team) ? t('organisation.complete') : t('organisation.incomplete')}
            </Text>
            <Link to={`/${team.slug}/team#billing`}>{t('organisation.editInTeamSettings')}</Link>
          </Group>
          {agreement.isPending && <Skeleton role="status" h={40} aria-label={t('common.loading')} />}
          {agreement.isError && <QueryError query={agreement} />}
          {agreement.data && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('organisation.agreement')}
              </Text>
              <Text size="sm">
                {!agreement.data.required
                  ? t('organisation.agreementNotRequired')
                  : agreement.data.accepted
                    ? t('organisation.agreementAccepted', {
                        who: agreement.data.accepted_by ?? '',
                        when: agreement.data.accepted_at
                          ? formatDate(agreement.data.accepted_at, language)
                          : '',
                      })
                    : t('organisation.agreementPending')}
              </Text>
              {agreement.data.required && !agreement.data.accepted && (
                <Button size="xs" w="fit-content" variant="light" onClick={() => setAgreementOpen(true)}>
                  {t('organisation.readAgreement')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Section>

      {usage !== undefined && (
        <Section id="organisation-usage" title={t('activity.usage.title')}>
          {usage}
        </Section>
      )}

      <Section id="organisation-list" title={t('organisation.yourOrganisations')}>
        {teams.isPending && <Skeleton role="status" h={80} aria-label={t('common.loading')} />}
        {teams.error !== null && <QueryError query={teams} />}
        {teams.data && (
          <DataTable
            caption={t('organisation.yourOrganisations')}
            columns={columns}
            rows={teams.data}
            rowKey={(row) => row.id}
            manualSorting
          />
        )}
      </Section>

      <JapaneseAgreementModal
        opened={agreementOpen}
        team={team.slug}
        canAccept={admin}
        onClose={() => setAgreementOpen(false)}
        onAccepted={() => setAgreementOpen(false)}
      />
    </Stack>
  );
}
