import { ApiError, buildErrorMessage, FORM_ERROR_MAX_LENGTH } from '@murmur/core/errors';
import { localisedFieldLabel, localiseServerMessage } from '@murmur/core/i18n';
import type { TFunction } from 'i18next';
import { currentLanguage } from './i18n';

/**
 * The message to show for a failed call (SPEC §8), in the interface language: network failures and
 * 400s get our translated frame; the server's own message (already in the caller's language) is
 * shown as it comes, with its field names (SPEC §8's "Name: message" prefixes) from the shared catalogue.
 */
export const errorText = (error: unknown, t: TFunction): string => {
  if (!(error instanceof ApiError) || error.status === 0) return t('errors.network');
  const language = currentLanguage();
  const message = buildErrorMessage(error.body, (key) => localisedFieldLabel(key, language)) || error.message;
  if (error.status === 400) {
    return t('errors.formSubmit', {
      message: Array.from(message).slice(0, FORM_ERROR_MAX_LENGTH).join(''),
    });
  }
  return message || t('errors.network');
};

/** The first message the server gave for one field of a 400 response, if any. */
export const fieldError = (error: unknown, field: string): string | null => {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body;
  if (body === null || typeof body !== 'object') return null;
  const value = (body as Record<string, unknown>)[field];
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return typeof value === 'string' ? value : null;
};

/**
 * A sentence the server sends in a success body (a cancellation's `detail`: "Premium ends on …"),
 * which does not pass through the error handler's translation: in the interface language through the
 * same catalogue.
 */
export const serverMessage = (message: string): string => localiseServerMessage(message, currentLanguage());
