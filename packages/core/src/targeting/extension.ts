/** SPEC §9: interest labels have "/" replaced by a dash when sent to the extension. */
export function interestLabelForExtension(label: string): string {
  return label.replaceAll('/', '-');
}

export type AudienceType = 'exclusion' | 'targeting';

/** SPEC §9: the category that makes an audience an exclusion audience. */
export const EXCLUSION_AUDIENCE_CATEGORY = 'Exclusion Audience';

/**
 * SPEC §9: audiences with category Exclusion Audience are sent as audience type exclusion, others
 * as targeting. Surrounding spaces and letter case are ignored.
 */
export function audienceTypeFor(category: string | null | undefined): AudienceType {
  const name = (category ?? '').trim().toLowerCase();
  return name === EXCLUSION_AUDIENCE_CATEGORY.toLowerCase() ? 'exclusion' : 'targeting';
}
