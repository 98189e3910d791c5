/** SPEC §3: notification levels. */
export const NOTIFICATION_LEVELS = ['success', 'error', 'warn', 'info'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/** SPEC §3: notification message — id, text, level, options (timeout in ms; 0 = until removed). */
export interface NotificationMessage {
  readonly id: string;
  readonly text: string;
  readonly level: NotificationLevel;
  readonly options: { readonly timeout: number };
}

/** SPEC §9: notifications are removed after 6000 ms by default. */
export const DEFAULT_NOTIFICATION_TIMEOUT = 6000;
/** SPEC §9: at most 10 notifications are kept, oldest dropped. */
export const MAX_NOTIFICATIONS = 10;
