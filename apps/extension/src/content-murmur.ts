import {
  EXTENSION_SOURCE,
  isPageMessage,
  type ExtensionAdAccount,
  type ExtensionMessage,
} from '@murmur/core/extension';

/**
 * On Murmur's pages: announces the extension (SPEC §4 state message), passes on the ad account open
 * in X Ads Manager, and queues the packages the page applies for the Ads Manager tab. Messages go to
 * and come from the page's own window and origin only.
 */
declare const chrome: {
  runtime: { getManifest(): { version: string } };
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
  });

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
    void chrome.storage.local
      .set({ xptPending: { payload: message.payload, at: Date.now() } })
      .then(() => post({ source: EXTENSION_SOURCE, type: 'queued' }));
  }
});

chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && 'xptAccount' in changes) postAccount(changes.xptAccount?.newValue);
});

announce();
void chrome.storage.local.get('xptAccount').then((items) => postAccount(items.xptAccount));
