/** SPEC §9: download object URLs are revoked after 40 s. */
export const DOWNLOAD_URL_LIFETIME_MS = 40_000;

/** Lets the browser save a blob under a file name, then frees the object URL after SPEC §9's 40 s. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
