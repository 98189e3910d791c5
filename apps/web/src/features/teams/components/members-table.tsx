import { Alert, Badge, Loader, Stack } from '@mantine/core';
import type { Member } from '@murmur/core/api';
import { formatDate, formatRelativeTime } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { useState } from 'react';
import { useMembers } from '../api/get-members';
import { MemberActions } from './member-actions';
import { FailureAlert } from './failure-alert';

export interface MembersTableProps {
  slug: string;
  /** Team admins change levels and remove members (not themselves: they leave instead). */
  canManage?: boolean;
  selfId?: number;
}

const fullName = (member: Member): string =>
  [member.user.first_name, member.user.last_name].filter(Boolean).join(' ');

/** Members with name, email, level, joined date and last login. */
export function MembersTable({ slug, canManage = false, selfId }: MembersTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const members = useMembers(slug);
  const [failure, setFailure] = useState<unknown>(null);

  if (members.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (members.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(members.error, t)}
      </Alert>
    );
  }

  const columns: DataTableColumn<Member>[] = [
    {
      key: 'name',
      nowrap: true,
      header: t('teams.members.name'),
      render: (member) => fullName(member) || '—',
      sortValue: (member) => fullName(member) || member.user.email,
    },
    {
      key: 'email',
      header: t('teams.members.email'),
      render: (member) => member.user.email,
      sortValue: (member) => member.user.email,
    },
    {
      key: 'level',
      nowrap: true,
      header: t('teams.members.level'),
      render: (member) => (
        <Badge variant={member.level === 'admin' ? 'filled' : 'light'} size="sm" miw="max-content">
          {t(`teams.levels.${member.level}`)}
        </Badge>
      ),
      sortValue: (member) => member.level,
    },
    {
      key: 'joined',
      nowrap: true,
      header: t('teams.members.joined'),
      render: (member) => formatDate(member.joined, language),
      sortValue: (member) => member.joined,
    },
    {
      key: 'last_login',
      nowrap: true,
      header: t('teams.members.lastLogin'),
      render: (member) =>
        member.last_login === null ? (
          t('teams.members.never')
        ) : (
          <time dateTime={member.last_login} title={formatDate(member.last_login, language)}>
            {formatRelativeTime(member.last_login, { locale: language })}
          </time>
        ),
      sortValue: (member) => member.last_login,
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      nowrap: true,
      header: t('teamAccess.actions'),
      render: (member) =>
        member.user.id === selfId ? (
          t('teamAccess.you')
        ) : (
          <MemberActions slug={slug} member={member} onError={setFailure} />
        ),
    });
  }

  return (
    <Stack gap="sm">
      <FailureAlert failure={failure} onClose={() => setFailure(null)} />
      <DataTable
        caption={t('teams.members.title')}
        columns={columns}
        rows={members.data}
        rowKey={(member) => member.id}
        defaultSort="name"
      />
    </Stack>
  );
}
