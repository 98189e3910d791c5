import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuditLog } from '@/features/audit/components/audit-log';
import { isTeamAdmin } from '@/features/teams/utils/is-team-admin';
import { useTeamOutlet } from '../team-context';

/** `/:team/team/audit`: the team's audit log, for its admins. */
export function AuditRoute() {
  const { t } = useTranslation();
  const { team, user } = useTeamOutlet();
  if (!isTeamAdmin(user, team.slug)) return <Alert color="gray">{t('audit.loadError')}</Alert>;
  return <AuditLog key={team.slug} teamSlug={team.slug} />;
}
