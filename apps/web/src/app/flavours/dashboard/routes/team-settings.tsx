import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuditLogLink } from '@/features/audit/components/audit-log';
import { SsoSettings } from '@/features/sso/components/sso-settings';
import { isTeamAdmin } from '@/features/teams/utils/is-team-admin';
import { GrantedAccountsSection } from '@/features/ad-accounts/components/granted-accounts-section';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PricingAndSubscriptions } from '@/features/billing/components/pricing-and-subscriptions';
import { getTeamsQueryOptions } from '@/features/teams/api/get-teams';
import { TeamSettings } from '@/features/teams/components/team-settings';
import { useTeamOutlet } from '../team-context';

export function TeamSettingsRoute() {
  const { t } = useTranslation();
  const { team, user } = useTeamOutlet();
  const admin = isTeamAdmin(user, team.slug);
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  // The team's subscription list (SPEC §3) follows once a plan change has arrived.
  const refreshTeam = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey });
    // Back from checkout and settled: a reload must not wait for the provider again.
    setSearch(
      (params) => {
        params.delete('billing');
        params.delete('session_id');
        return params;
      },
      { replace: true },
    );
  }, [queryClient, setSearch]);
  const billing = search.get('billing');
  // Keyed by team so switching teams resets every form.
  return (
    <Stack gap="lg" maw={960}>
      <TeamSettings key={team.id} team={team} user={user} />
      <PricingAndSubscriptions
        key={`billing-${team.id}`}
        team={team.slug}
        returnState={billing === 'success' || billing === 'cancel' ? billing : undefined}
        onChanged={refreshTeam}
        detailsVersion={[team.invoice_email, team.country, team.invoice_name].join('\n')}
      />
      <GrantedAccountsSection key={`granted-${team.id}`} team={team} user={user} />
      {admin && (
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="sso-title" id="sso">
          <Title order={2} size="h4" mb="md" id="sso-title">
            {t('sso.title')}
          </Title>
          <SsoSettings key={`sso-${team.id}`} teamSlug={team.slug} />
        </Paper>
      )}
      {admin && (
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="audit-title" id="audit">
          <Title order={2} size="h4" mb="xs" id="audit-title">
            {t('audit.title')}
          </Title>
          <AuditLogLink to={`/${team.slug}/team/audit`} />
        </Paper>
      )}
    </Stack>
  );
}
