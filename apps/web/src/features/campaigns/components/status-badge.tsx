import { Badge } from '@mantine/core';
import type { AudienceStatus } from '@murmur/core/targeting';
import { useTranslation } from 'react-i18next';

const COLOR: Record<AudienceStatus, string> = {
  Active: 'teal',
  Paused: 'yellow',
  Draft: 'gray',
  Halted: 'red',
  Expired: 'dark',
  Scheduled: 'blue',
};

/** SPEC §3 statuses (Active, Paused, Draft, Halted, Expired, Scheduled). */
export function StatusBadge({ status }: { status: AudienceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[status]} variant="light" data-testid="status">
      {t(`audiences.status.${status}`)}
    </Badge>
  );
}
