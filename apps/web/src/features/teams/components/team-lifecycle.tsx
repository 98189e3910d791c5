import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { Team } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMembers } from '../api/get-members';
import { deleteTeam, leaveTeam, transferTeam, useMembersChange } from '../api/manage-members';
import { FailureAlert } from './failure-alert';

export interface TeamLifecycleProps {
  team: Team;
  admin: boolean;
  selfId: number;
}

/** Leave the team (everyone); hand it over to another member and delete it (admins). */
export function TeamLifecycle({ team, admin, selfId }: TeamLifecycleProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const members = useMembers(team.slug);
  const [failure, setFailure] = useState<unknown>(null);
  const [heir, setHeir] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const home = () => void navigate('/');
  const leave = useMembersChange(team.slug, () => leaveTeam(team.slug));
  const transfer = useMembersChange(team.slug, (member: number) => transferTeam(team.slug, member));
  const remove = useMembersChange(team.slug, () => deleteTeam(team.slug, typed));
  const others = (members.data ?? []).filter((m) => m.user.id !== selfId);

  return (
    <Stack gap="lg">
      <FailureAlert failure={failure} onClose={() => setFailure(null)} />
      <Stack gap="xs">
        <Text size="sm">{t('teamAccess.leaveHint')}</Text>
        <Group>
          <Button
            variant="light"
            color="red"
            loading={leave.isPending}
            onClick={() => leave.mutate(undefined, { onSuccess: home, onError: setFailure })}
          >
            {t('teamAccess.leave')}
          </Button>
        </Group>
      </Stack>
      {admin && (
        <Stack gap="xs">
          <Text size="sm">{t('teamAccess.transferHint')}</Text>
          <Group align="flex-end">
            <Select
              label={t('teamAccess.transferTo')}
              placeholder={t('teamAccess.chooseMember')}
              data={others.map((m) => ({ value: String(m.id), label: m.user.email }))}
              value={heir}
              onChange={setHeir}
              w={280}
            />
            <Button
              variant="light"
              disabled={heir === null}
              loading={transfer.isPending}
              onClick={() => heir !== null && transfer.mutate(Number(heir), { onError: setFailure })}
            >
              {t('teamAccess.transfer')}
            </Button>
          </Group>
        </Stack>
      )}
      {admin && (
        <Stack gap="xs">
          <Text size="sm">{t('teamAccess.deleteHint', { team: team.name })}</Text>
          <Group align="flex-end">
            <TextInput
              label={t('teamAccess.typeName')}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              w={280}
            />
            <Button
              color="red"
              disabled={typed.trim().toLowerCase() !== team.name.trim().toLowerCase()}
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: home, onError: setFailure })}
            >
              {t('teamAccess.delete')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
