/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled. A field that a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return) gets a
 * leading apostrophe (OWASP "CSV injection").
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV lines, each ended by CRLF as RFC 4180 says (pieces of one file concatenate). */
export const csvLines = (rows: string[][]): string =>
  rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');

/** Header and rows. */
export const toCsv = (header: string[], rows: string[][]): string => csvLines([header, ...rows]);
