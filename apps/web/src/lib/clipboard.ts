import {
  COPY_EMPTY_MESSAGE,
  COPY_SUCCESS_MESSAGE,
  COPY_UNSUPPORTED_MESSAGE,
  copyText,
} from '@murmur/core/clipboard';
import { i18n } from './i18n';
import { notify } from './notifications';

// The core rule speaks English; the toast speaks the interface language.
const translate = (message: string): string => {
  switch (message) {
    case COPY_UNSUPPORTED_MESSAGE:
      return i18n.t('clipboard.unsupported');
    case COPY_EMPTY_MESSAGE:
      return i18n.t('clipboard.empty');
    case COPY_SUCCESS_MESSAGE:
      return i18n.t('clipboard.success');
    default:
      return message;
  }
};

/**
 * Copies text and shows SPEC §5's toast: unsupported, nothing to copy, or "Copied!" (or a custom,
 * already translated success message).
 */
export const copyToClipboard = async (
  text: string,
  options: { successMessage?: string } = {},
): Promise<boolean> => {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  const writeText =
    clipboard !== undefined && typeof clipboard.writeText === 'function'
      ? (value: string) => clipboard.writeText(value)
      : undefined;
  const result = await copyText(text, writeText, options.successMessage ?? COPY_SUCCESS_MESSAGE);
  notify[result.level](translate(result.message));
  return result.ok;
};
