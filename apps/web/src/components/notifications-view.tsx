import { Notification, Portal, Stack } from '@mantine/core';
import type { NotificationLevel, NotificationStore } from '@murmur/core/notifications';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

export interface NotificationsViewProps {
  store: NotificationStore;
}

const COLOURS: Record<NotificationLevel, string> = {
  success: 'teal',
  error: 'red',
  warn: 'orange',
  info: 'blue',
};

/**
 * The toasts of the notification store, newest at the bottom. Hovering pauses the store and leaving
 * resumes it (SPEC §4: while paused, new messages are ignored, not queued).
 */
export function NotificationsView({ store }: NotificationsViewProps) {
  const { t } = useTranslation();
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  const list = useCallback(() => store.list(), [store]);
  const messages = useSyncExternalStore(subscribe, list, list);
  if (messages.length === 0) return null;
  return (
    <Portal>
      <Stack
        gap="xs"
        pos="fixed"
        bottom={16}
        right={16}
        w={360}
        maw="calc(100vw - 32px)"
        style={{ zIndex: 1000 }}
        aria-live="polite"
        aria-label={t('notifications.label')}
        role="region"
        onMouseEnter={() => store.pause()}
        onMouseLeave={() => store.resume()}
      >
        {messages.map((message) => (
          <Notification
            key={message.id}
            color={COLOURS[message.level]}
            withBorder
            role={message.level === 'error' ? 'alert' : 'status'}
            data-level={message.level}
            closeButtonProps={{ 'aria-label': t('notifications.close') }}
            onClose={() => store.remove(message.id)}
          >
            {message.text}
          </Notification>
        ))}
      </Stack>
    </Portal>
  );
}
