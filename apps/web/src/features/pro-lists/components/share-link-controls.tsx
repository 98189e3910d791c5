import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { formatDate } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useChangeListShareLink, useListShareLink } from '../api/list-share-link';

export type LinkDays = 7 | 30 | 90;
const DAYS: LinkDays[] = [7, 30, 90];

export interface ShareLinkControlsProps {
  listId: number;
  days: LinkDays;
  onDays: (days: LinkDays) => void;
}

/**
 * The list's share link in the share dialog (docs/API-AUDIENCES.md "Share links"): how long a new
 * link works, until when the current one works, a new link (the old one stops at once) and revoke.
 */
export function ShareLinkControls({ listId, days, onDays }: ShareLinkControlsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const link = useListShareLink(listId, true);
  const change = useChangeListShareLink(listId);
  const live = link.data?.expires_at ?? null;
  return (
    <Stack gap="xs">
      <Select
        label={t('proSite.lists.linkDays')}
        value={String(days)}
        onChange={(value) => onDays(value === '7' ? 7 : value === '90' ? 90 : 30)}
        data={DAYS.map((d) => ({ value: String(d), label: t('proSite.lists.days', { count: d }) }))}
        allowDeselect={false}
      />
      <Text size="sm" c="dimmed">
        {live === null
          ? t('proSite.lists.noLink')
          : t('proSite.lists.linkUntil', { date: formatDate(live, language) })}
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          loading={change.isPending && change.variables !== null}
          onClick={() =>
            change.mutate(days, { onSuccess: () => notify.success(t('proSite.lists.linkRotated')) })
          }
        >
          {t('proSite.lists.rotateLink')}
        </Button>
        <Button
          size="xs"
          variant="default"
          color="red"
          disabled={live === null}
          loading={change.isPending && change.variables === null}
          onClick={() =>
            change.mutate(null, { onSuccess: () => notify.success(t('proSite.lists.linkRevoked')) })
          }
        >
          {t('proSite.lists.revokeLink')}
        </Button>
      </Group>
      {change.isError && (
        <Text c="red" size="sm" role="alert">
          {errorText(change.error, t)}
        </Text>
      )}
    </Stack>
  );
}
