import { Button, Group, Select } from '@mantine/core';
import type { Member } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeMember, removeMember, useMembersChange } from '../api/manage-members';

export interface MemberActionsProps {
  slug: string;
  member: Member;
  onError: (error: unknown) => void;
}

/** An admin's controls on one member row: change the level, remove (asked twice). */
export function MemberActions({ slug, member, onError }: MemberActionsProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const level = useMembersChange(slug, (next: Member['level']) =>
    changeMember(slug, member.id, { level: next }),
  );
  const remove = useMembersChange(slug, () => removeMember(slug, member.id));
  const who = member.user.email;
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        size="xs"
        w={120}
        aria-label={t('teamAccess.levelOf', { who })}
        value={member.level}
        allowDeselect={false}
        data={(['admin', 'member'] as const).map((value) => ({ value, label: t(`teams.levels.${value}`) }))}
        disabled={level.isPending}
        onChange={(value) => {
          if (value === 'admin' || value === 'member') level.mutate(value, { onError });
        }}
      />
      {confirming ? (
        <>
          <Button
            size="xs"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(undefined, { onError, onSettled: () => setConfirming(false) })}
            aria-label={t('teamAccess.confirmRemove', { who })}
          >
            {t('teamAccess.confirmRemoveShort')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
            {t('teamAccess.cancel')}
          </Button>
        </>
      ) : (
        <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
          {t('teamAccess.remove')}
        </Button>
      )}
    </Group>
  );
}
