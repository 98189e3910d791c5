import {
  EXTENSION_PROTOCOL,
  EXTENSION_SOURCE,
  isPageMessage,
  type ApplyPayload,
  type ExtensionAdAccount,
  type ExtensionAnswer,
  type ExtensionMessage,
} from '@murmur/core/extension';
import type { BackgroundRequest } from './background';

/**
 * On Murmur's pages: announces the extension (SPEC §4 state message), passes on the ad account open
 * in X Ads Manager, and queues the packages the page applies for the Ads Manager tab. Keeps the
 * extension token the page hands over and has the service worker (background.ts) make the
 * custom-audience check and the usage record with it. Messages go to and come from the page's own
 * window and origin only.
 */
declare const chrome: {
  runtime: {
    getManifest(): { version: string };
    sendMessage(message: BackgroundRequest): Promise<ExtensionAnswer | undefined>;
  };
  storage: {
    local: {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
    onChanged: {
      addListener(listener: (changes: Record<string, { newValue?: unknown }>, area: string) => void): void;
    };
  };
};

const post = (message: ExtensionMessage) => window.postMessage(message, window.location.origin);

const announce = () =>
  post({
    source: EXTENSION_SOURCE,
    type: 'state',
    installed: true,
    version: chrome.runtime.getManifest().version,
    protocol: EXTENSION_PROTOCOL,
  });

const answer = (id: string, result: ExtensionAnswer) =>
  post({ source: EXTENSION_SOURCE, type: 'answer', id, status: result.status, body: result.body });

/** The service worker's answer; status 0 when it could not make the call. */
const background = (request: BackgroundRequest): Promise<ExtensionAnswer> =>
  chrome.runtime.sendMessage(request).then(
    (result) => result ?? { status: 0, body: null },
    () => ({ status: 0, body: null }),
  );

const queue = (payload: ApplyPayload) =>
  chrome.storage.local.set({ xptPending: { payload, at: Date.now() } });

const postAccount = (value: unknown) =>
  post({
    source: EXTENSION_SOURCE,
    type: 'account',
    account: (value as ExtensionAdAccount | undefined) ?? null,
  });

window.addEventListener('message', (event) => {
  if (event.source !== window || event.origin !== window.location.origin || !isPageMessage(event.data))
    return;
  const message = event.data;
  if (message.type === 'hello') {
    announce();
    void chrome.storage.local.get('xptAccount').then((items) => postAccount(items.xptAccount));
  } else if (message.type === 'apply') {
    void queue(message.payload).then(() => post({ source: EXTENSION_SOURCE, type: 'queued' }));
  } else if (message.type === 'token') {
    void background({ type: 'token', token: message.token }).then((result) => answer(message.id, result));
  } else if (message.type === 'check') {
    void background({ type: 'call', call: 'check', body: message.body }).then((result) =>
      answer(message.id, result),
    );
  } else if (message.type === 'apply-and-record') {
    // SPEC §4: applying records the usage; the package is queued for Ads Manager first.
    void queue(message.payload)
      .then(() => background({ type: 'call', call: 'record', body: message.usage }))
      .then((result) => answer(message.id, result));
  }
});

chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && 'xptAccount' in changes) postAccount(changes.xptAccount?.newValue);
});

announce();
void chrome.storage.local.get('xptAccount').then((items) => postAccount(items.xptAccount));
