import { Stack } from '@mantine/core';
import { GrantedAccountsSection } from '@/features/ad-accounts/components/granted-accounts-section';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PricingAndSubscriptions } from '@/features/billing/components/pricing-and-subscriptions';
import { getTeamsQueryOptions } from '@/features/teams/api/get-teams';
import { TeamSettings } from '@/features/teams/components/team-settings';
import { useTeamOutlet } from '../team-context';

export function TeamSettingsRoute() {
  const { team, user } = useTeamOutlet();
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
    </Stack>
  );
}
