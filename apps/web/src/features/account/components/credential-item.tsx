import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Credential } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import type { CredentialRef } from '../api/revoke-credential';

export interface CredentialItemProps {
  kind: CredentialRef[0];
  credential: Credential;
  revoking: boolean;
  onRevoke: (ref: CredentialRef) => void;
}

/** One session or token: what it is, where and when it was last used, when it ends, and Revoke. */
export function CredentialItem({ kind, credential: c, revoking, onRevoke }: CredentialItemProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = kind === 'session' ? t('credentials.session') : t('credentials.token');
  const where = [c.last_used_agent, c.last_used_ip].filter(Boolean).join(' · ');
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs" py={6}>
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Group gap="xs">
          <Text fw={500}>{name}</Text>
          {c.current && (
            <Badge size="sm" variant="light">
              {t('credentials.current')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {c.last_used_at
            ? t('credentials.lastUsed', { date: formatDate(c.last_used_at, language), where: where || '—' })
            : t('credentials.neverUsed')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('credentials.createdExpires', {
            created: formatDate(c.created, language),
            expires: formatDate(c.expires_at, language),
          })}
        </Text>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        c="red.9"
        size="xs"
        loading={revoking}
        onClick={() => onRevoke([kind, c.id])}
        aria-label={t('credentials.revokeNamed', { name, date: formatDate(c.created, language) })}
      >
        {t('credentials.revoke')}
      </Button>
    </Group>
  );
}
