import {
  isExtensionMessage,
  PAGE_SOURCE,
  type ApplyPayload,
  type ExtensionAdAccount,
  type ExtensionAnswer,
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
  /** EXTENSION_PROTOCOL it announced; 1 for an extension that announces none (0.1.x). */
  protocol: number;
  account: ExtensionAdAccount | null;
}

let state: ExtensionState = { detected: false, version: null, protocol: 1, account: null };
/** Requests of protocol 2 waiting for the extension's answer, by id. */
const waiting = new Map<string, (answer: ExtensionAnswer) => void>();
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
    if (data.type === 'state') set({ detected: true, version: data.version, protocol: data.protocol ?? 1 });
    else if (data.type === 'account') set({ detected: true, account: data.account });
    else if (data.type === 'answer') waiting.get(data.id)?.({ status: data.status, body: data.body });
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

/** Hands a prepared package to the extension, which applies it in X Ads Manager (protocol 1). */
export const sendToExtension = (payload: ApplyPayload) =>
  post({ source: PAGE_SOURCE, type: 'apply', payload });

/** How long the page waits for the extension's answer before giving up (status 0). */
export const EXTENSION_ANSWER_MS = 20_000;

type Request = Extract<PageMessage, { id: string }>;
let requests = 0;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * Protocol 2: asks the extension to do something and waits for its answer — the status and body of
 * the call it made with the extension token, or status 0 when it made none or did not answer.
 */
export function askExtension(
  request: DistributiveOmit<Request, 'source' | 'id'>,
  timeoutMs = EXTENSION_ANSWER_MS,
): Promise<ExtensionAnswer> {
  start();
  const id = `req-${++requests}`;
  return new Promise((resolve) => {
    const finish = (answer: ExtensionAnswer) => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ status: 0, body: null }), timeoutMs);
    waiting.set(id, finish);
    post({ ...request, source: PAGE_SOURCE, id });
  });
}

/** Where the extension can be installed (SPEC §8: opened after the "not installed" alert). */
export const EXTENSION_PAGE_URL = 'https://chromewebstore.google.com/search/X%20Pro%20Targeting';
