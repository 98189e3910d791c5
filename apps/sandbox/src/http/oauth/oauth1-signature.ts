import { createHmac, timingSafeEqual } from 'node:crypto';
import { percentDecode } from '../shared/percent-decode';

/** RFC 3986 percent-encoding as RFC 5849 §3.6 requires (only unreserved characters stay). */
export const percentEncode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The parameters of an `Authorization: OAuth k="v", …` header, percent-decoded (RFC 5849 §3.5.1);
 * null when there is none or it is malformed (a bad escape), which X answers with 401 either way.
 */
export function parseOAuthHeader(header: string | undefined): [string, string][] | null {
  if (!header || !/^OAuth\s/i.test(header)) return null;
  const pairs: [string, string][] = [];
  for (const match of header.slice(6).matchAll(/([\w.~%-]+)\s*=\s*"([^"]*)"/g)) {
    const [key, value] = [percentDecode(match[1]!), percentDecode(match[2]!)];
    if (key === undefined || value === undefined) return null;
    pairs.push([key, value]);
  }
  return pairs;
}

/**
 * The signature base string (RFC 5849 §3.4.1): method, base URI and the normalised parameters
 * (query, form body and oauth_* protocol parameters except oauth_signature and realm), each pair
 * percent-encoded, sorted by name then value, joined with "&".
 */
export function signatureBaseString(method: string, baseUri: string, params: [string, string][]): string {
  const normalised = params
    .filter(([name]) => name !== 'oauth_signature' && name !== 'realm')
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([n1, v1], [n2, v2]) => (n1 < n2 ? -1 : n1 > n2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return [method.toUpperCase(), percentEncode(baseUri), percentEncode(normalised)].join('&');
}

/** HMAC-SHA1 of the base string keyed by the encoded consumer and token secrets (§3.4.2). */
export const hmacSha1 = (base: string, consumerSecret: string, tokenSecret: string): string =>
  createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`)
    .update(base)
    .digest('base64');

export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The base string URI (§3.4.1.2): lower-case scheme and host, default ports dropped, no query. */
export function baseStringUri(protocol: string, host: string, rawUrl: string): string {
  const origin = new URL(`${protocol}://${host}`);
  return `${origin.protocol}//${origin.host}${rawUrl.split('?')[0]}`;
}
