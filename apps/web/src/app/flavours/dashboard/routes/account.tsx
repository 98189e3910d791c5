import { Stack } from '@mantine/core';
import { ManageAccount } from '@/features/account/components/manage-account';
import { AdAccountsSettings } from '@/features/ad-accounts/components/ad-accounts-settings';
import { useTeamOutlet } from '../team-context';

/**
 * Profile settings: the user's details, connected accounts and the ad accounts they reach (with
 * their ad groups and, through this team's grant, their measurement).
 */
export function AccountRoute() {
  const { team, user } = useTeamOutlet();
  return (
    <Stack gap="lg" maw={720}>
      <ManageAccount key={user.id} user={user} />
      <AdAccountsSettings team={team} />
    </Stack>
  );
}
