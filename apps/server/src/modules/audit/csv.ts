/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled. A field that a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return) gets a
 * leading apostrophe (OWASP "CSV injection").
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Header and rows, CRLF line ends as RFC 4180 says. */
export const toCsv = (header: string[], rows: string[][]): string =>
  [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
