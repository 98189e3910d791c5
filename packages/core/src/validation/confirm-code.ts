import { CONFIRM_CODE_LENGTH } from '../api/constants';

/** SPEC §4/§5: the emailed login code is exactly 6 characters (surrounding spaces ignored). */
export function isValidConfirmCode(code: unknown): code is string {
  return typeof code === 'string' && code.trim().length === CONFIRM_CODE_LENGTH;
}
