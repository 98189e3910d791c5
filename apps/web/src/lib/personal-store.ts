import { local, storageKeys } from './storage';

/** SPEC §3: the persisted personal store (pro-targeting sign-in) — email, name, token, signed-in-as. */
export interface PersonalState {
  email: string | null;
  name: string | null;
  token: string | null;
  signedInAs: string | null;
}

/** The prefix of pro-targeting tokens (server: modules/pro/pro-tokens.ts). */
export const PRO_TOKEN_PREFIX = 'pro.';

const EMPTY: PersonalState = { email: null, name: null, token: null, signedInAs: null };

const read = (): PersonalState => {
  const raw = local.get(storageKeys.personal);
  if (raw === null) return EMPTY;
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    // Stored by an older version or tampered with: keep only well-formed fields.
    const text = (key: keyof PersonalState) => (typeof value?.[key] === 'string' ? value[key] : null);
    const token = text('token');
    // Only a pro-targeting token (SPEC §6, `pro.` + key); a personal token an older version kept is
    // dropped, so the visitor signs in again and the site's calls stay within the pro site's routes.
    if (token === null || !token.startsWith(PRO_TOKEN_PREFIX)) return EMPTY;
    return { email: text('email'), name: text('name'), token, signedInAs: text('signedInAs') };
  } catch {
    return EMPTY;
  }
};

type Listener = (state: PersonalState) => void;

const createPersonalStore = () => {
  let state = read();
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener(state));
  return {
    get: (): PersonalState => state,
    set: (patch: Partial<PersonalState>): void => {
      state = { ...state, ...patch };
      local.set(storageKeys.personal, JSON.stringify(state));
      emit();
    },
    clear: (): void => {
      state = EMPTY;
      local.remove(storageKeys.personal);
      emit();
    },
    /** Re-reads local storage, e.g. after another tab or a reset changed it. */
    reload: (): void => {
      state = read();
      emit();
    },
    subscribe: (listener: Listener): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

export const personalStore = createPersonalStore();
