/** SPEC §9: download object URLs are revoked after 40 s. */
export const DOWNLOAD_REVOKE_MS = 40_000;

/** "Runners in Tokyo!" → "runners-in-tokyo" (the server names the attachment the same way). */
export const fileSlug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '') || 'audience';

/** Saves a value as a pretty-printed JSON file through a temporary object URL. */
export const downloadJson = (value: unknown, filename: string): void => {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_REVOKE_MS);
};
