import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import type { Network } from '../../network';

export type ProviderName = 'facebook' | 'google' | 'linkedin';

export interface ProviderIdentity {
  /** The provider's id for the person (Facebook app-scoped id, Google `sub`, LinkedIn `sub`). */
  id: string;
  name: string;
  givenName: string;
  familyName: string;
  /** Derived from the X handle, so the same person has the same address at every provider. */
  email: string;
  /** The person's avatar, served by the sandbox's X surface. */
  picture: string;
  language: string;
}

/**
 * The identity a sandbox account has at a sign-in provider. Ids are derived from the X id (unique)
 * in each provider's shape: Facebook's numeric ids, Google's 21-digit subjects, LinkedIn's
 * alphanumeric member ids.
 */
export function providerIdentity(
  net: Network,
  account: number,
  provider: ProviderName,
  sandboxUrl: string,
): ProviderIdentity {
  const xid = net.accounts.ids[account]!;
  const id =
    provider === 'facebook'
      ? (xid + 100_000_000_000_000n).toString()
      : provider === 'google'
        ? `1${xid.toString().padStart(20, '0')}`
        : `m${xid.toString(36).padStart(12, '0')}`;
  const name = net.accounts.names[account]!;
  const space = name.indexOf(' ');
  const handle = net.accounts.handles[account]!;
  return {
    id,
    name,
    givenName: space > 0 ? name.slice(0, space) : name,
    familyName: space > 0 ? name.slice(space + 1) : '',
    email: `${handle.toLowerCase()}@example.com`,
    picture: `${sandboxUrl}/x/profile_images/${xid}_400x400.svg`,
    language: LANGUAGE_CODES[net.accounts.language[account]!] ?? 'en',
  };
}

/**
 * OpenID Connect standard claims of an identity (userinfo and id_token alike): `sub` always, name
 * and picture with the profile scope, the address with the email scope. Providers differ in the
 * shape of `locale` (Google: a language tag; LinkedIn: `{ country, language }`).
 */
export function openIdClaims(
  who: ProviderIdentity,
  granted: { profile: boolean; email: boolean },
  locale: unknown,
): Record<string, unknown> {
  return {
    sub: who.id,
    ...(granted.profile
      ? {
          name: who.name,
          given_name: who.givenName,
          family_name: who.familyName,
          picture: who.picture,
          locale,
        }
      : {}),
    ...(granted.email ? { email: who.email, email_verified: true } : {}),
  };
}
