import { local, storageKeys } from './storage';

/** The visitor's answer to "may we measure how the product is used?" (analytics and session replay). */
export type ConsentChoice = 'granted' | 'denied';

const KEY = storageKeys.consent;
const listeners = new Set<(choice: ConsentChoice | null) => void>();

/** The stored choice, or null while the visitor has not answered (nothing is measured then). */
export const getConsent = (): ConsentChoice | null => {
  const value = local.get(KEY);
  return value === 'granted' || value === 'denied' ? value : null;
};

export const setConsent = (choice: ConsentChoice): void => {
  local.set(KEY, choice);
  listeners.forEach((listener) => listener(choice));
};

/** Told of every later choice (the analytics start, or stop and forget, at once). */
export const onConsentChange = (listener: (choice: ConsentChoice | null) => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
