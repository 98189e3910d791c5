import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { CrashHandler } from '@murmur/core/crash';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

export interface CrashModalProps {
  handler: CrashHandler;
}

/** Shows the latest uncaught error and offers a reload (SPEC §4). */
export function CrashModal({ handler }: CrashModalProps) {
  const { t } = useTranslation();
  const subscribe = useCallback((listener: () => void) => handler.subscribe(listener), [handler]);
  const current = useCallback(() => handler.current(), [handler]);
  const report = useSyncExternalStore(subscribe, current, current);
  return (
    <Modal
      opened={report !== undefined}
      onClose={() => handler.dismiss()}
      title={t('crash.title')}
      centered
      closeButtonProps={{ 'aria-label': t('crash.dismiss') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('crash.body')}</Text>
        {report !== undefined && (
          <Code block fz="xs" style={{ maxHeight: 160, overflow: 'auto' }}>
            {report.message}
          </Code>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => handler.dismiss()}>
            {t('crash.dismiss')}
          </Button>
          <Button onClick={() => handler.reload()}>{t('crash.reload')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
