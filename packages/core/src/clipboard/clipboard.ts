// SPEC §5: clipboard copy texts.
export const COPY_UNSUPPORTED_MESSAGE = 'Failed to copy content. Please try a different browser.';
export const COPY_EMPTY_MESSAGE = 'Nothing selected to copy.';
export const COPY_SUCCESS_MESSAGE = 'Copied!';

export interface CopyResult {
  ok: boolean;
  /** The toast to show, at this notification level. */
  level: 'success' | 'warn' | 'error';
  message: string;
}

/**
 * SPEC §5: copies text with an injected writer (`navigator.clipboard.writeText` in a browser) and
 * says what to show: unsupported (no writer, or the writer failed), nothing to copy, or
 * "Copied!" / the custom success message.
 */
export async function copyText(
  text: string | null | undefined,
  writeText: ((text: string) => Promise<void>) | undefined,
  successMessage: string = COPY_SUCCESS_MESSAGE,
): Promise<CopyResult> {
  if (!writeText) return { ok: false, level: 'error', message: COPY_UNSUPPORTED_MESSAGE };
  if (!text) return { ok: false, level: 'warn', message: COPY_EMPTY_MESSAGE };
  try {
    await writeText(text);
    return { ok: true, level: 'success', message: successMessage };
  } catch {
    return { ok: false, level: 'error', message: COPY_UNSUPPORTED_MESSAGE };
  }
}
