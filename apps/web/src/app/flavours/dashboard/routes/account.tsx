import { ManageAccount } from '../../../../features/account/components/manage-account';
import { useTeamOutlet } from '../team-context';

export function AccountRoute() {
  const { user } = useTeamOutlet();
  return <ManageAccount key={user.id} user={user} />;
}
