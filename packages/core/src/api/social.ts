import { z } from 'zod';

// SPEC §4/§7 social sign-in (modules/social on the server): X with OAuth 1.0a (request token →
// provider → access token → sign in or link) and the authorization-code providers (X OAuth 2.0 with
// PKCE, Facebook, Google, LinkedIn); listing and unlinking the accounts a user has linked.

const required = z.string().trim().min(1, 'This field is required.');
const httpUrl = z
  .string()
  .trim()
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'Enter a valid URL.');

/** The authorization-code providers: everything but X's OAuth 1.0a. */
export const codeProviderSchema = z.enum(['facebook', 'google', 'linkedin', 'twitter_oauth2']);
export type CodeProvider = z.infer<typeof codeProviderSchema>;

/** GET /rest-auth/twitter/request_token/?oauth_callback= (step 1 of sign in with X). */
export const xRequestTokenQuerySchema = z.object({ oauth_callback: httpUrl });
/** The request token; the secret stays on the server. */
export const xRequestTokenSchema = z.object({ oauth_token: z.string(), authorize_url: z.string() });
export type XRequestToken = z.infer<typeof xRequestTokenSchema>;

/** GET /rest-auth/twitter/access_token/: the callback's parameters as X sent them (others are ignored). */
export const xAccessTokenQuerySchema = z.object({ oauth_token: required, oauth_verifier: required }).loose();
export type XAccessTokenQuery = z.input<typeof xAccessTokenQuerySchema>;

/** X's user token as access_token answers it … */
export const xAccessTokenSchema = z.object({ access_token: z.string(), access_token_secret: z.string() });
export type XAccessToken = z.infer<typeof xAccessTokenSchema>;
/** … and as POST /rest-auth/twitter/(connect/) takes it back. */
export const xTokensSchema = z.object({ access_token: required, access_token_secret: required });
export type XTokens = z.input<typeof xTokensSchema>;

/**
 * POST /rest-auth/{provider}/(connect/): the authorization code from the provider's return, the
 * redirect URI it was issued for, and X OAuth 2.0's PKCE verifier.
 */
export const socialCodeSchema = z.object({
  code: required,
  redirect_uri: httpUrl,
  code_verifier: z.string().trim().min(1).optional(),
});
export type SocialCode = z.input<typeof socialCodeSchema>;

/** GET /rest-auth/twitter_oauth2_challenge/code-challenge/: the browser keeps the verifier. */
export const codeChallengeSchema = z.object({
  code_challenge: z.string(),
  code_challenge_method: z.literal('S256'),
  code_verifier: z.string(),
});
export type CodeChallenge = z.infer<typeof codeChallengeSchema>;

/** GET /rest-auth/socialaccounts/: one linked account. */
export const socialAccountSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  uid: z.string(),
  /** The account's @handle on X (without the @), so its owner knows which one is linked; null elsewhere. */
  handle: z.string().nullable(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;
