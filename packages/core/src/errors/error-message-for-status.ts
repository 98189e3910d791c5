import { ApiError } from './api-error';
import { formSubmitErrorMessage, NETWORK_ERROR_MESSAGE } from './messages';

export type ErrorAction =
  /** 403 while loading the user: signed out — clear user data silently, show nothing. */
  | { kind: 'signed-out'; message: '' }
  /** 403 anywhere else: send the user to the login route. */
  | { kind: 'redirect-login'; message: string }
  /** 400: a form submission failed; show the message next to the form / as a toast. */
  | { kind: 'form'; message: string }
  /** Anything else: show the message. */
  | { kind: 'message'; message: string };

export interface ErrorMessageOptions {
  /** The failed call was the current-user load (GET /api/user/me/). */
  userLoad?: boolean;
}

/**
 * SPEC §8's per-status rules, so the web app can act on a failed call:
 * 403 on user load → signed out (silent); 403 elsewhere → redirect to login;
 * 400 → 'Failed to submit form: ' + first 300 characters; a network failure (anything that is not
 * an ApiError, or status 0) → 'Something went wrong. Please try again later.'.
 */
export function errorMessageForStatus(error: unknown, options: ErrorMessageOptions = {}): ErrorAction {
  if (!(error instanceof ApiError) || error.status === 0) {
    return { kind: 'message', message: NETWORK_ERROR_MESSAGE };
  }
  if (error.status === 403) {
    return options.userLoad
      ? { kind: 'signed-out', message: '' }
      : { kind: 'redirect-login', message: error.message };
  }
  if (error.status === 400) return { kind: 'form', message: formSubmitErrorMessage(error.message) };
  return { kind: 'message', message: error.message || NETWORK_ERROR_MESSAGE };
}
