import { Stack, Table, Text, Title } from '@mantine/core';
import type { UploadedAudience } from '@murmur/core/api';
import { formatLargeNumber } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
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
  return (
    <Stack gap="xs" data-testid="pushed-audiences">
      <Title order={2} size="h4">
        {t('audiences.pushed.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('audiences.pushed.intro')}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audiences.pushed.name')}</Table.Th>
              <Table.Th>{t('audiences.pushed.state')}</Table.Th>
              <Table.Th>{t('audiences.pushed.sent')}</Table.Th>
              <Table.Th>{t('audiences.pushed.onX')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pushed.map((u) => (
              <Table.Tr key={u.id} data-testid="pushed-audience">
                <Table.Td>{u.name}</Table.Td>
                <Table.Td>
                  <UploadStates uploads={[u]} />
                </Table.Td>
                <Table.Td>{formatLargeNumber(u.uploaded_count)}</Table.Td>
                <Table.Td>{u.state === 'processing' ? '—' : formatLargeNumber(u.audience_size)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
