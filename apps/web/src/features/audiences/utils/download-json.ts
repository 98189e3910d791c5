import { downloadBlob } from '@/lib/download';

/** "Runners in Tokyo!" → "runners-in-tokyo" (the server names the attachment the same way). */
export const fileSlug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '') || 'audience';

/** Saves a value as a pretty-printed JSON file through a temporary object URL. */
export const downloadJson = (value: unknown, filename: string): void =>
  downloadBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), filename);
