import { isValidEmail } from './email';

export interface EmailList {
  /** Valid addresses, lower-cased, each once, in the order typed. */
  valid: string[];
  /** Everything else that was typed, lower-cased, each once. */
  invalid: string[];
}

/**
 * SPEC §5: the invite field accepts one or several addresses, separated by commas, semicolons,
 * spaces or new lines (as pasted from a mail client or a spreadsheet column).
 */
export function parseEmailList(text: string): EmailList {
  const valid = new Set<string>();
  const invalid = new Set<string>();
  for (const token of text.split(/[\s,;]+/)) {
    if (!token) continue;
    const email = token.toLowerCase();
    (isValidEmail(email) ? valid : invalid).add(email);
  }
  return { valid: [...valid], invalid: [...invalid] };
}
