import { z } from 'zod';

/**
 * GET /api/user/credentials/: the user's live browser sessions and personal tokens (docs/API.md
 * "Sessions and tokens"); never a key.
 */
export const credentialSchema = z.object({
  id: z.number().int(),
  /** The credential of this request, or (a token) the one of this browser's sign-in. */
  current: z.boolean(),
  created: z.string(),
  last_used_at: z.string().nullable(),
  /** Browser and system, summarised from the user agent ("Chrome on macOS"). */
  last_used_agent: z.string().nullable(),
  /** The client address as the server saw it. */
  last_used_ip: z.string().nullable(),
  /** When it ends unless used again (sliding), never after its absolute maximum. */
  expires_at: z.string(),
});

export const tokenCredentialSchema = credentialSchema.extend({
  /** The browser session of the sign-in this token belongs to (it ends with it), if any. */
  session: z.number().int().nullable(),
});

export const credentialsSchema = z.object({
  sessions: z.array(credentialSchema),
  tokens: z.array(tokenCredentialSchema),
});

/** POST /api/user/delete-account/: the user types their own address to confirm. */
export const deleteAccountSchema = z.object({
  email: z.string().trim().min(1, { error: 'This field may not be blank.' }).max(254),
});

export type Credential = z.infer<typeof credentialSchema>;
export type TokenCredential = z.infer<typeof tokenCredentialSchema>;
export type Credentials = z.infer<typeof credentialsSchema>;
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;
