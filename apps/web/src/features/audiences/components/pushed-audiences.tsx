import { Stack, Text, Title } from '@mantine/core';
import type { UploadedAudience } from '@murmur/core/api';
import { formatLargeNumber } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { UploadStates } from './audience-columns';

/**
 * Custom audiences a reach plan pushed to X (the plan's union, or one per step): uploads with no
 * saved audience of their own, so no row of the list above holds them. Each shows its ad account,
 * X's processing state until targetable, and X's size once known.
 */
export function PushedAudiences({ uploads }: { uploads: UploadedAudience[] }) {
  const { t } = useTranslation();
  const pushed = uploads.filter((u) => u.audience_config === null);
  if (pushed.length === 0) return null;
  const columns: DataTableColumn<UploadedAudience>[] = [
    { key: 'name', header: t('audiences.pushed.name') },
    { key: 'state', header: t('audiences.pushed.state'), render: (u) => <UploadStates uploads={[u]} /> },
    { key: 'sent', header: t('audiences.pushed.sent'), render: (u) => formatLargeNumber(u.uploaded_count) },
    {
      key: 'on_x',
      header: t('audiences.pushed.onX'),
      render: (u) => (u.state === 'processing' ? '—' : formatLargeNumber(u.audience_size)),
    },
  ];
  return (
    <Stack gap="xs" data-testid="pushed-audiences">
      <Title order={2} size="h4">
        {t('audiences.pushed.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('audiences.pushed.intro')}
      </Text>
      {/* On a phone each pushed audience is a block of its columns (nothing past the screen's edge). */}
      <DataTable caption={t('audiences.pushed.title')} columns={columns} rows={pushed} rowKey={(u) => u.id} />
    </Stack>
  );
}
