// User-facing error texts, verbatim from SPEC §5 and §8.

/** SPEC §8: network-level failure. */
export const NETWORK_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

/** SPEC §8: a 400 response shows at most this many characters of the message. */
export const FORM_ERROR_MAX_LENGTH = 300;

/** SPEC §8: 'Failed to submit form: ' plus the first 300 characters of the message. */
export function formSubmitErrorMessage(message: string): string {
  return `Failed to submit form: ${Array.from(message).slice(0, FORM_ERROR_MAX_LENGTH).join('')}`;
}

/** SPEC §8: wrong email login code. */
export const INVALID_LOGIN_CODE_MESSAGE = 'Invalid login code';

/** SPEC §5/§8: the social login state returned does not match the stored one. */
export const UNAUTHORIZED_LOGIN_MESSAGE = 'Error: Unauthorized login attempt';

/** SPEC §8: missing startup configuration. */
export function missingEnvMessage(names: readonly string[]): string {
  return `Missing env variables: ${names.join(', ')}`;
}

/** SPEC §8: shown before the extension store page opens. */
export const EXTENSION_MISSING_MESSAGE =
  'The X Pro Targeting extension is not installed. Please install the extension on Chrome to use this feature. A new page will now open to where you can download the extension.';

/** SPEC §8: missing ad account id. */
export const NO_AD_ACCOUNT_MESSAGE = 'No ad account id provided';

/** SPEC §5: uploading audiences needs an active subscription. */
export const ACTIVE_SUBSCRIPTION_REQUIRED_MESSAGE =
  'You need an active subscription to upload audiences to X.';

/** SPEC §8: confirm dialog when some custom audiences are not targetable yet; cancelling aborts. */
export const CUSTOM_AUDIENCES_NOT_READY_CONFIRM =
  'Some custom audiences are not ready and will not be applied. This may take up to 48 hours to be processed by X. Do you still want to apply the rest of the targeting package?';

/**
 * SPEC §8: alert when more than 100 handles are selected — only the first 100 are applied.
 * The SPEC gives the rule, not the wording; 100 is `MAX_HANDLES` in `@murmur/core/targeting`.
 */
export const TOO_MANY_HANDLES_MESSAGE =
  'More than 100 handles are selected. Only the first 100 handles will be applied.';
