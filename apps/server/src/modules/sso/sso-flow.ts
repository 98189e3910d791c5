import { seal, unseal } from '../../lib/crypto';
import type { OidcChecks } from './oidc-client';

/** The cookie that carries a sign-in from its start to the callback, in this browser only. */
export const SSO_FLOW_COOKIE = 'murmur_sso';
/** How long a started sign-in may take at the provider. */
export const SSO_FLOW_TTL_MS = 10 * 60 * 1000;

export interface SsoFlow extends OidcChecks {
  teamId: number;
  started: number;
}

/**
 * The flow is sealed (AES-GCM, lib/crypto.ts): the browser can neither read the PKCE verifier nor
 * point the callback at another team.
 */
export const sealFlow = (secret: string, flow: SsoFlow): string =>
  seal(secret, 'sso-flow', JSON.stringify(flow));

/** The flow, or undefined when the cookie is missing, altered or expired. */
export function unsealFlow(secret: string, value: string | undefined, now: Date): SsoFlow | undefined {
  if (!value) return undefined;
  try {
    const flow = JSON.parse(unseal(secret, 'sso-flow', value)) as SsoFlow;
    return now.getTime() - flow.started <= SSO_FLOW_TTL_MS ? flow : undefined;
  } catch {
    return undefined;
  }
}
