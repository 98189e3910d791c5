import {
  isExtensionMessage,
  PAGE_SOURCE,
  type ApplyPayload,
  type ExtensionAdAccount,
  type PageMessage,
} from '@murmur/core/extension';
import { useSyncExternalStore } from 'react';

/**
 * Whether the app runs inside the browser extension's frame: the extension embeds the web app in an
 * iframe (its side panel / popup), so the page is framed by a chrome-extension:// origin.
 */
export const isInsideExtension = (win: Window = window): boolean => {
  try {
    const origins = win.location.ancestorOrigins as DOMStringList | undefined;
    if (
      origins !== undefined &&
      Array.from(origins).some((origin) => origin.startsWith('chrome-extension://'))
    )
      return true;
  } catch {
    // ancestorOrigins is Chromium-only; fall through.
  }
  return win.self !== win.top && win.document.referrer.startsWith('chrome-extension://');
};

/** SPEC §4: not detected until the extension posts a state message; the ad account from its messages. */
export interface ExtensionState {
  detected: boolean;
  version: string | null;
  account: ExtensionAdAccount | null;
}

let state: ExtensionState = { detected: false, version: null, account: null };
const listeners = new Set<() => void>();
let started = false;

const set = (next: Partial<ExtensionState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

const post = (message: PageMessage) => window.postMessage(message, window.location.origin);

function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('message', (event) => {
    // SPEC §4: only same-origin messages from this very window count.
    if (event.source !== window || event.origin !== window.location.origin) return;
    const data: unknown = event.data;
    if (!isExtensionMessage(data)) return;
    if (data.type === 'state') set({ detected: true, version: data.version });
    else if (data.type === 'account') set({ detected: true, account: data.account });
  });
  // The extension may have announced itself before this listener existed: ask again.
  post({ source: PAGE_SOURCE, type: 'hello' });
}

const subscribe = (listener: () => void) => {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const getExtensionState = (): ExtensionState => {
  start();
  return state;
};

export const useExtension = (): ExtensionState =>
  useSyncExternalStore(subscribe, getExtensionState, getExtensionState);

/** Hands a prepared package to the extension, which applies it in X Ads Manager. */
export const sendToExtension = (payload: ApplyPayload) =>
  post({ source: PAGE_SOURCE, type: 'apply', payload });

/** Where the extension can be installed (SPEC §8: opened after the "not installed" alert). */
export const EXTENSION_PAGE_URL = 'https://chromewebstore.google.com/search/X%20Pro%20Targeting';
