import type { ApplyPayload, ExtensionAdAccount } from '@murmur/core/extension';

/**
 * On X Ads Manager (and the sandbox's stand-in): reports the ad account open there (id, name and
 * the signed-in handle) and, when a line item's targeting form is open and Murmur queued a package,
 * fills the form with it and saves. An exclusion audience goes to the exclusion fields.
 */
declare const chrome: {
  storage: {
    local: {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(key: string): Promise<void>;
    };
    onChanged: {
      addListener(listener: (changes: Record<string, { newValue?: unknown }>, area: string) => void): void;
    };
  };
};

/** A queued package older than this is not applied any more. */
const PENDING_MS = 30 * 60_000;

let reported = '';
function reportAccount(): void {
  const root = document.getElementById('ads-manager');
  const id = root?.dataset.adAccountId ?? '';
  if (!root || !id) return;
  const account: ExtensionAdAccount = {
    id,
    name: root.dataset.adAccountName ?? '',
    handle: root.dataset.handle ?? '',
  };
  const key = JSON.stringify(account);
  if (key === reported) return;
  reported = key;
  void chrome.storage.local.set({ xptAccount: account });
}

function fill(field: string, values: readonly string[]): void {
  const area = document.getElementById(`targeting-${field}`) as HTMLTextAreaElement | null;
  if (!area || values.length === 0) return;
  const existing = area.value
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  area.value = [...new Set([...existing, ...values])].join('\n');
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

let applying = false;
async function applyPending(): Promise<void> {
  const form = document.getElementById('targeting-form');
  if (!form || applying) return;
  const { xptPending } = await chrome.storage.local.get('xptPending');
  const pending = xptPending as { payload: ApplyPayload; at: number } | undefined;
  if (!pending) return;
  applying = true;
  try {
    await chrome.storage.local.remove('xptPending');
    if (Date.now() - pending.at > PENDING_MS) return;
    const p = pending.payload;
    if (p.audience_type === 'exclusion') {
      fill('excluded_keywords', p.keywords);
      fill('excluded_custom_audiences', p.custom_audiences);
    } else {
      fill('handles', p.handles);
      fill('keywords', p.keywords);
      fill('interests', p.interests);
      fill('countries', p.countries);
      fill('custom_audiences', p.custom_audiences);
    }
    (document.getElementById('save-targeting') as HTMLButtonElement | null)?.click();
    await chrome.storage.local.set({ xptLastApplied: { name: p.name, at: Date.now() } });
  } finally {
    applying = false;
  }
}

const check = () => {
  reportAccount();
  void applyPending();
};
new MutationObserver(check).observe(document.documentElement, {
  subtree: true,
  childList: true,
  attributes: true,
  attributeFilter: ['data-ad-account-id'],
});
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && 'xptPending' in changes && changes.xptPending?.newValue) void applyPending();
});
check();
