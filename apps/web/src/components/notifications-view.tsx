import { Notification, Portal, Stack } from '@mantine/core';
import type { NotificationLevel, NotificationMessage, NotificationStore } from '@murmur/core/notifications';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
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
 * The toasts of the notification store, newest at the bottom. While the pointer rests on them their
 * countdowns are held so nothing disappears under it; new messages still arrive (the store's
 * pause, which ignores messages per SPEC §4, is for callers that mean to silence it).
 */
export function NotificationsView({ store }: NotificationsViewProps) {
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  const list = useCallback(() => store.list(), [store]);
  const messages = useSyncExternalStore(subscribe, list, list);
  if (messages.length === 0) return null;
  return <ToastStack store={store} messages={messages} />;
}

function ToastStack({
  store,
  messages,
}: {
  store: NotificationStore;
  messages: readonly NotificationMessage[];
}) {
  const { t } = useTranslation();
  // Closing the last toast unmounts the stack under the pointer, and no mouseleave follows:
  // release the hold here so later toasts count down again.
  useEffect(() => () => store.release(), [store]);
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
        onMouseEnter={() => store.hold()}
        onMouseLeave={() => store.release()}
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
