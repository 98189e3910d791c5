import { emptyTargetingPackage, type TargetingPackage } from '@murmur/core/targeting';
import { STORAGE_PREFIX } from '@/lib/storage';
import { parsePackage } from './package-ops';

/** A saved audience left out of the one being built: its id, and its name to show. */
export interface Exclusion {
  id: number;
  name: string;
}

/** What the creator keeps while the user moves around: nothing is lost on navigation. */
export interface CreatorDraft {
  name: string;
  step: number;
  pkg: TargetingPackage;
  exclusions: Exclusion[];
}

export const emptyDraft = (): CreatorDraft => ({
  name: '',
  step: 0,
  pkg: emptyTargetingPackage(),
  exclusions: [],
});

/** Exclusions as stored: well-formed entries only (an older draft has none). */
const parseExclusions = (value: unknown): Exclusion[] =>
  Array.isArray(value)
    ? value
        .filter(
          (e): e is Exclusion =>
            typeof e === 'object' &&
            e !== null &&
            Number.isInteger((e as Exclusion).id) &&
            typeof (e as Exclusion).name === 'string',
        )
        .slice(0, MAX_EXCLUSIONS)
    : [];

/** The server's limit on excluded audiences (buildAudienceSchema). */
export const MAX_EXCLUSIONS = 100;

/** Session storage (per tab, per team): a draft survives navigation and reloads, not the tab. */
export const draftKey = (teamSlug: string): string => `${STORAGE_PREFIX}creatorDraft:${teamSlug}`;

export const loadDraft = (teamSlug: string): CreatorDraft => {
  try {
    const raw = window.sessionStorage.getItem(draftKey(teamSlug));
    if (raw === null) return emptyDraft();
    const value = JSON.parse(raw) as Partial<CreatorDraft>;
    return {
      name: typeof value.name === 'string' ? value.name : '',
      step: typeof value.step === 'number' && value.step >= 0 ? Math.floor(value.step) : 0,
      pkg: parsePackage(value.pkg),
      exclusions: parseExclusions(value.exclusions),
    };
  } catch {
    return emptyDraft();
  }
};

export const saveDraft = (teamSlug: string, draft: CreatorDraft): void => {
  try {
    window.sessionStorage.setItem(draftKey(teamSlug), JSON.stringify(draft));
  } catch {
    // Storage unavailable or full: the draft lives as long as the page.
  }
};

export const clearDraft = (teamSlug: string): void => {
  try {
    window.sessionStorage.removeItem(draftKey(teamSlug));
  } catch {
    // Nothing stored either.
  }
};
