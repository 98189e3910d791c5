import { Stack } from '@mantine/core';
import { GrantedAccountsSection } from '../../../../features/ad-accounts/components/granted-accounts-section';
import { TeamSettings } from '../../../../features/teams/components/team-settings';
import { useTeamOutlet } from '../team-context';

export function TeamSettingsRoute() {
  const { team, user } = useTeamOutlet();
  // Keyed by team so switching teams resets every form.
  return (
    <Stack gap="lg" maw={960}>
      <TeamSettings key={team.id} team={team} user={user} />
      <GrantedAccountsSection key={`granted-${team.id}`} team={team} user={user} />
    </Stack>
  );
}
