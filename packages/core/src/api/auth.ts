import { z } from 'zod';
import { CONFIRM_CODE_LENGTH } from './constants';
import { emailSchema } from './common';
import { userSchema } from './user';

export const magicLinkRequestSchema = z.object({ email: emailSchema });
export const magicLinkResponseSchema = z.object({ magic_code: z.string() });
export const magicLinkUseSchema = z.object({
  magic_code: z.string().min(1).max(128),
  confirm_code: z.string().trim().length(CONFIRM_CODE_LENGTH, { error: 'Invalid login code' }),
});
/** Signing in sets the session cookie and returns the personal user token as `key`. */
export const signInResponseSchema = z.object({ key: z.string(), user: userSchema });

/** POST /rest-auth/login-via-token/: a personal token becomes a browser session (SPEC §7 Auth). */
export const loginViaTokenSchema = z.object({
  token: z.string().trim().min(1, { error: 'This field may not be blank.' }).max(200),
});
export type LoginViaToken = z.output<typeof loginViaTokenSchema>;

/** GET /api/auth/providers/: a code-flow sign-in provider the browser can start (public data only). */
export const publicProviderSchema = z.object({
  provider: z.string(),
  authorize_url: z.string(),
  client_id: z.string(),
  scopes: z.array(z.string()),
});

export type MagicLinkRequest = z.infer<typeof magicLinkRequestSchema>;
export type MagicLinkResponse = z.infer<typeof magicLinkResponseSchema>;
export type MagicLinkUse = z.infer<typeof magicLinkUseSchema>;
export type SignInResponse = z.infer<typeof signInResponseSchema>;
export type PublicProvider = z.infer<typeof publicProviderSchema>;
