import type { FastifyRequest } from 'fastify';
import type { OAuth2Client } from '../options';
import { percentDecode } from './percent-decode';

export interface PresentedClient {
  id: string | undefined;
  secret: string | undefined;
  /** Whether the credentials came in an HTTP Basic header (RFC 6749 §2.3.1's preferred way). */
  basic: boolean;
}

/** Client credentials from `Authorization: Basic` (form-encoded id:secret) or the body. */
export function presentedClient(
  request: FastifyRequest,
  body: Record<string, string | undefined>,
): PresentedClient {
  const header = request.headers.authorization ?? '';
  if (/^Basic\s/i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    // A malformed escape proves no client (undefined), rather than failing the request.
    const part = (s: string): string | undefined => percentDecode(s.replace(/\+/g, ' '));
    if (at > 0) return { id: part(decoded.slice(0, at)), secret: part(decoded.slice(at + 1)), basic: true };
  }
  return { id: body.client_id, secret: body.client_secret, basic: false };
}

/** The registered client these credentials prove, or null (a public client needs no secret). */
export function authenticClient(
  clients: Map<string, OAuth2Client>,
  presented: PresentedClient,
): OAuth2Client | null {
  const client = clients.get(presented.id ?? '');
  if (!client) return null;
  if (client.secret !== undefined && presented.secret !== client.secret) return null;
  return client;
}
