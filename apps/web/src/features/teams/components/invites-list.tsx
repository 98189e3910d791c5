import { Alert, Badge, Button, Group, Loader, Stack } from '@mantine/core';
import type { Invite } from '@murmur/core/api';
import { formatDate, formatRelativeTime } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { useState } from 'react';
import { useInvites } from '../api/get-invites';
import { useInviteAction } from '../api/manage-invites';
import { InviteStateBadge } from './invite-state-badge';
import { FailureAlert } from './failure-alert';

export interface InvitesListProps {
  teamId: number;
}

/** The team's invitations with their state, joined date and last login. */
export function InvitesList({ teamId }: InvitesListProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const invites = useInvites(teamId);
  const revoke = useInviteAction(teamId, 'revoke');
  const resend = useInviteAction(teamId, 'resend');
  const [failure, setFailure] = useState<unknown>(null);
  const busy = revoke.isPending || resend.isPending;

  if (invites.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
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
      nowrap: true,
      header: t('teams.invites.state'),
      render: (invite) =>
        invite.expired ? (
          <Badge color="gray" variant="light" size="sm" miw="max-content">
            {t('teamAccess.expired')}
          </Badge>
        ) : (
          <InviteStateBadge invite={invite} />
        ),
      sortValue: (invite) => (invite.accepted ? 'accepted' : invite.state),
    },
    {
      key: 'created',
      nowrap: true,
      header: t('teams.invites.invited'),
      render: (invite) => formatDate(invite.created, language),
      sortValue: (invite) => invite.created,
    },
    {
      key: 'joined',
      nowrap: true,
      header: t('teams.members.joined'),
      render: (invite) => (invite.joined === null ? '—' : formatDate(invite.joined, language)),
      sortValue: (invite) => invite.joined,
    },
    {
      key: 'last_login',
      nowrap: true,
      header: t('teams.members.lastLogin'),
      render: (invite) =>
        invite.last_login === null ? '—' : formatRelativeTime(invite.last_login, { locale: language }),
      sortValue: (invite) => invite.last_login,
    },
    {
      key: 'expires',
      nowrap: true,
      header: t('teamAccess.expires'),
      render: (invite) => (invite.accepted ? '—' : formatDate(invite.expires, language)),
      sortValue: (invite) => invite.expires,
    },
    {
      key: 'actions',
      nowrap: true,
      header: t('teamAccess.actions'),
      render: (invite) =>
        invite.accepted ? null : (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              disabled={busy}
              onClick={() => resend.mutate(invite.id, { onError: setFailure })}
              aria-label={t('teamAccess.resendTo', { email: invite.email })}
            >
              {t('teamAccess.resend')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              disabled={busy}
              onClick={() => revoke.mutate(invite.id, { onError: setFailure })}
              aria-label={t('teamAccess.revokeFor', { email: invite.email })}
            >
              {t('teamAccess.revoke')}
            </Button>
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <FailureAlert failure={failure} onClose={() => setFailure(null)} />
      <DataTable
        caption={t('teams.invites.listTitle')}
        columns={columns}
        rows={invites.data}
        rowKey={(invite) => invite.id}
        defaultSort="-created"
        emptyText={t('teams.invites.empty')}
      />
    </Stack>
  );
}
