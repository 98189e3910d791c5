import { percentDecode } from './percent-decode';

/** Reads one cookie from a Cookie header (no @fastify/cookie in the sandbox's dependencies). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return percentDecode(part.slice(at + 1).trim());
  }
  return undefined;
}

export const sessionCookie = (name: string, value: string, path: string): string =>
  `${name}=${encodeURIComponent(value)}; Path=${path}; HttpOnly; SameSite=Lax`;
