import type { FastifyReply } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE } from './auth';

/** What a fresh sign-in puts in cookies (the auth module's `SignedIn`). */
export interface SessionCookies {
  /** Value of the `murmur_session` cookie. */
  sessionKey: string;
  /** Value of the readable `csrftoken` cookie. */
  csrfToken: string;
  expiresAt: Date;
}

/** The session and CSRF cookies of a fresh sign-in (magic link, social sign-in). */
export function setSessionCookiesOn(reply: FastifyReply, signedIn: SessionCookies, secure: boolean): void {
  const cookie = { path: '/', sameSite: 'lax', secure } as const;
  void reply.setCookie(SESSION_COOKIE, signedIn.sessionKey, {
    ...cookie,
    httpOnly: true,
    expires: signedIn.expiresAt,
  });
  // Readable by the web app, which echoes it in X-CSRFToken (docs/API.md).
  void reply.setCookie(CSRF_COOKIE, signedIn.csrfToken, {
    ...cookie,
    httpOnly: false,
    expires: signedIn.expiresAt,
  });
}
