import { EXTENSION_CALLS, type ExtensionAnswer, type ExtensionCall } from '@murmur/core/extension';

/**
 * The service worker: keeps the extension token each Murmur origin handed over and makes the
 * extension's own calls to that origin with it (`Authorization: Token <value>`, no cookies), for
 * the content script on Murmur's pages. host_permissions cover Murmur's origins, so the calls need
 * no CORS answer from the server. Only the two calls of EXTENSION_CALLS are made, and only to the
 * origin of the page that asked.
 */
declare const chrome: {
  runtime: {
    id: string;
    onMessage: {
      addListener(
        listener: (
          message: unknown,
          sender: { id?: string; origin?: string; tab?: unknown },
          sendResponse: (answer: ExtensionAnswer) => void,
        ) => boolean,
      ): void;
    };
  };
  storage: {
    local: {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  };
};

/** What the content script on Murmur's pages asks for. */
export type BackgroundRequest =
  { type: 'token'; token: string } | { type: 'call'; call: ExtensionCall; body: unknown };

const NONE: ExtensionAnswer = { status: 0, body: null };
/** A Murmur origin's token; '.'/base64url only, as the server issues them. */
const TOKEN = /^xpt\.[A-Za-z0-9_-]{20,200}$/;

async function tokens(): Promise<Record<string, string>> {
  const { xptTokens } = await chrome.storage.local.get('xptTokens');
  return typeof xptTokens === 'object' && xptTokens !== null ? (xptTokens as Record<string, string>) : {};
}

async function handle(request: BackgroundRequest, origin: string): Promise<ExtensionAnswer> {
  if (request.type === 'token') {
    if (!TOKEN.test(request.token)) return NONE;
    await chrome.storage.local.set({ xptTokens: { ...(await tokens()), [origin]: request.token } });
    return { status: 204, body: null };
  }
  const path = Object.hasOwn(EXTENSION_CALLS, request.call) ? EXTENSION_CALLS[request.call] : undefined;
  const token = (await tokens())[origin];
  if (path === undefined || token === undefined) return NONE;
  try {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Token ${token}`,
      },
      credentials: 'omit',
      body: JSON.stringify(request.body),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      body = text;
    }
    return { status: response.status, body };
  } catch {
    return NONE;
  }
}

const isRequest = (message: unknown): message is BackgroundRequest => {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  return (
    (m.type === 'token' && typeof m.token === 'string') || (m.type === 'call' && typeof m.call === 'string')
  );
};

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  // Only this extension's content scripts, in a tab, with the page's origin (Chrome sets it).
  if (sender.id !== chrome.runtime.id || sender.tab === undefined || !sender.origin || !isRequest(message))
    return false;
  void handle(message, sender.origin).then(sendResponse, () => sendResponse(NONE));
  return true;
});
