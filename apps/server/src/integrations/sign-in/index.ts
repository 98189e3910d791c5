import { z } from 'zod';
import type { ProviderConfig } from '../../config';

/** A sign-in provider refused or could not be reached; the message is for the log, never for the client. */
export class SignInProviderError extends Error {
  constructor(
    message: string,
    readonly unreachable = false,
  ) {
    super(message);
    this.name = 'SignInProviderError';
  }
}

export type SignInProvider = 'facebook' | 'google' | 'linkedin';

/** The person a provider vouches for. */
export interface ProviderIdentity {
  uid: string;
  email: string | undefined;
  /** Whether the provider says it checked the address (only then may it match an existing user). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

const tokenSchema = z.object({ access_token: z.string().min(1) });
const openIdSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});
const facebookSchema = z.object({
  id: z.string().min(1),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});

function identityOf(provider: SignInProvider, body: unknown): ProviderIdentity {
  if (provider === 'facebook') {
    const me = facebookSchema.parse(body);
    // Facebook only returns confirmed addresses.
    return {
      uid: me.id,
      email: me.email,
      emailVerified: me.email !== undefined,
      firstName: me.first_name ?? '',
      lastName: me.last_name ?? '',
    };
  }
  const me = openIdSchema.parse(body);
  return {
    uid: me.sub,
    email: me.email,
    emailVerified: me.email_verified === true || me.email_verified === 'true',
    firstName: me.given_name ?? '',
    lastName: me.family_name ?? '',
  };
}

/** Authorization code → access token → user info, over fetch (Facebook, Google, LinkedIn). */
export async function providerIdentity(
  provider: SignInProvider,
  config: ProviderConfig,
  input: { code: string; redirectUri: string; codeVerifier?: string | undefined },
): Promise<ProviderIdentity> {
  if (!config.clientId || !config.clientSecret)
    throw new SignInProviderError(`${provider} sign-in is not configured`);
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: config.clientId,
    client_secret: config.clientSecret,
  });
  if (input.codeVerifier) form.set('code_verifier', input.codeVerifier);
  let response: Response;
  try {
    response = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
    });
  } catch (error) {
    throw new SignInProviderError(`${provider} token endpoint unreachable: ${String(error)}`, true);
  }
  if (!response.ok) throw new SignInProviderError(`${provider} token exchange: HTTP ${response.status}`);
  const parsedToken = tokenSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsedToken.success) throw new SignInProviderError(`${provider} token exchange: no access_token`);
  let info: Response;
  try {
    info = await fetch(config.userInfoUrl, {
      headers: { authorization: `Bearer ${parsedToken.data.access_token}`, accept: 'application/json' },
    });
  } catch (error) {
    throw new SignInProviderError(`${provider} user info unreachable: ${String(error)}`, true);
  }
  if (!info.ok) throw new SignInProviderError(`${provider} user info: HTTP ${info.status}`);
  try {
    return identityOf(provider, await info.json());
  } catch {
    throw new SignInProviderError(`${provider} user info: unexpected answer`);
  }
}
