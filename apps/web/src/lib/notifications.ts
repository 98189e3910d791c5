import { createNotificationStore, type NotificationLevel } from '@murmur/core/notifications';

/** SPEC §9: notifications disappear after 6000 ms by default; at most 10 are kept. */
export const notificationStore = createNotificationStore({ defaultTimeout: 6000, max: 10 });

type NotifyOptions = { timeout?: number };

const add = (level: NotificationLevel) => (text: string, options?: NotifyOptions) =>
  notificationStore.add(text, level, options);

/** Shows a toast. Texts must already be translated. */
export const notify = {
  success: add('success'),
  error: add('error'),
  warn: add('warn'),
  info: add('info'),
};
