/**
 * SPEC §3: everything the app keeps in the browser lives under a product-specific prefix. Local storage
 * holds the return path, the recent team, the persisted personal store and the interface language;
 * session storage holds the OAuth state value, the connectSocial flag and X OAuth 2.0's PKCE verifier.
 */
export const STORAGE_PREFIX = 'murmur:';

export const storageKeys = {
  returnPath: `${STORAGE_PREFIX}returnPath`,
  recentTeam: `${STORAGE_PREFIX}recentTeam`,
  personal: `${STORAGE_PREFIX}personal`,
  language: `${STORAGE_PREFIX}language`,
  oauthState: `${STORAGE_PREFIX}oauthState`,
  connectSocial: `${STORAGE_PREFIX}connectSocial`,
  oauthCodeVerifier: `${STORAGE_PREFIX}oauthCodeVerifier`,
  /** The visitor's analytics and session-replay consent (lib/consent.ts). */
  consent: `${STORAGE_PREFIX}consent`,
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** Storage can throw (private mode, disabled cookies, quota); the app must keep working without it. */
const safeStorage = (pick: () => Storage) => ({
  get(key: StorageKey): string | null {
    try {
      return pick().getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      pick().setItem(key, value);
    } catch {
      // Nothing to do: the value simply is not remembered.
    }
  },
  remove(key: StorageKey): void {
    try {
      pick().removeItem(key);
    } catch {
      // Ignored for the same reason as above.
    }
  },
});

export const local = safeStorage(() => window.localStorage);
export const session = safeStorage(() => window.sessionStorage);

/** Removes every key of ours from local and session storage; the interface language survives. */
export const clearAppStorage = (options: { keepLanguage?: boolean } = {}): void => {
  for (const store of [window.localStorage, window.sessionStorage]) {
    try {
      const ours = Object.keys(store).filter(
        (key) =>
          key.startsWith(STORAGE_PREFIX) && !(options.keepLanguage === true && key === storageKeys.language),
      );
      ours.forEach((key) => store.removeItem(key));
    } catch {
      // Storage unavailable: nothing was stored either.
    }
  }
};

export const getRecentTeam = (): string | null => local.get(storageKeys.recentTeam);
export const setRecentTeam = (slug: string): void => local.set(storageKeys.recentTeam, slug);
export const clearRecentTeam = (): void => local.remove(storageKeys.recentTeam);

/** Only same-site paths are accepted, so a stored value can never send the user elsewhere. */
const isSafePath = (path: string): boolean => path.startsWith('/') && !path.startsWith('//');

export const saveReturnPath = (path: string): void => {
  if (isSafePath(path)) local.set(storageKeys.returnPath, path);
};

/** Reads and forgets the return path saved before sign-in. */
export const takeReturnPath = (): string | null => {
  const path = local.get(storageKeys.returnPath);
  local.remove(storageKeys.returnPath);
  return path !== null && isSafePath(path) ? path : null;
};
