import { Alert, Loader } from '@mantine/core';
import type { Invite } from '@murmur/core/api';
import { formatDate, formatRelativeTime } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { useInvites } from '../api/get-invites';
import { InviteStateBadge } from './invite-state-badge';

export interface InvitesListProps {
  teamId: number;
}

/** The team's invitations with their state, joined date and last login. */
export function InvitesList({ teamId }: InvitesListProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const invites = useInvites(teamId);

  if (invites.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (invites.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(invites.error, t)}
      </Alert>
    );
  }

  const columns: DataTableColumn<Invite>[] = [
    { key: 'email', header: t('teams.invites.email'), sortValue: (invite) => invite.email },
    {
      key: 'state',
      header: t('teams.invites.state'),
      render: (invite) => <InviteStateBadge invite={invite} />,
      sortValue: (invite) => (invite.accepted ? 'accepted' : invite.state),
    },
    {
      key: 'created',
      header: t('teams.invites.invited'),
      render: (invite) => formatDate(invite.created, language),
      sortValue: (invite) => invite.created,
    },
    {
      key: 'joined',
      header: t('teams.members.joined'),
      render: (invite) => (invite.joined === null ? '—' : formatDate(invite.joined, language)),
      sortValue: (invite) => invite.joined,
    },
    {
      key: 'last_login',
      header: t('teams.members.lastLogin'),
      render: (invite) =>
        invite.last_login === null ? '—' : formatRelativeTime(invite.last_login, { locale: language }),
      sortValue: (invite) => invite.last_login,
    },
  ];

  return (
    <DataTable
      caption={t('teams.invites.listTitle')}
      columns={columns}
      rows={invites.data}
      rowKey={(invite) => invite.id}
      defaultSort="-created"
      emptyText={t('teams.invites.empty')}
    />
  );
}
