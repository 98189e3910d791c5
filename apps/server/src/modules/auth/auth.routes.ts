import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  detailSchema,
  loginViaTokenSchema,
  magicLinkRequestSchema,
  magicLinkResponseSchema,
  magicLinkUseSchema,
  signInResponseSchema,
  userSchema,
  type User,
} from '@murmur/core/api';
import { BadRequest } from '../../errors';
import { preferredLanguage } from '../../lib/language';
import { errorResponses } from '../../lib/http';
import type { UserRow } from '../../db/schema';
import { CSRF_COOKIE, SESSION_COOKIE, requireUser } from '../../plugins/auth';
import { normalizeIP } from '@fastify/rate-limit';
import { minutes, rateLimitHook } from '../../plugins/rate-limit';
import { setSessionCookiesOn } from '../../plugins/session-cookies';
import { credentialRoutes } from './credentials.routes';
import type { CredentialsService } from './credentials.service';
import { extensionTokenRoutes } from './extension-token.routes';
import { MAGIC_LINK_RULES, type MagicLinkService } from './magic-link.service';
import type { SessionService, SignedIn } from './sessions.service';

export interface AuthRoutesOptions {
  magicLinkService: MagicLinkService;
  sessionService: SessionService;
  credentialsService: CredentialsService;
  /** Deletes a pro-targeting token (modules/pro/pro-tokens.ts): logout with one ends it. */
  revokeProToken: (key: string) => Promise<void>;
  /** The users module's service (wired in modules/index.ts), for the current user. */
  usersService: { me(user: UserRow): Promise<User> };
  secureCookies: boolean;
  /** Sign-in code requests per IP address per 15 minutes, both request paths together (docs/API.md "Limits"). */
  signInCodesPerIp: number;
}

export const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (app, options, done) => {
  const { magicLinkService, sessionService, usersService, secureCookies } = options;
  const setSessionCookies = (reply: FastifyReply, signedIn: SignedIn) =>
    setSessionCookiesOn(reply, signedIn, secureCookies);

  // Each address is limited by the service (5 per 15 minutes); this stops one client mailing many addresses.
  const signInCodesPerIp = rateLimitHook(app, {
    name: 'sign-in-codes',
    max: options.signInCodesPerIp,
    windowMs: 15 * 60 * 1000,
    message: (m) =>
      `Too many sign-in codes were requested from your network. Please try again in ${minutes(m)}.`,
  });

  // docs/API.md "Sign-in": 5 codes per address per 15 minutes counted per client, so that a stranger
  // asking codes for an address does not lock its owner out; the service keeps a looser cap per
  // address from all clients together (a flood of one mailbox).
  const codesPerAddressAndClient = rateLimitHook(app, {
    name: 'sign-in-codes-per-address',
    max: MAGIC_LINK_RULES.maxRequestsPerClient,
    windowMs: MAGIC_LINK_RULES.requestWindowMinutes * 60 * 1000,
    key: (request) => `${emailOf(request.body)}|${normalizeIP(request.ip)}`,
    message: (m) => `Too many sign-in codes requested for this address. Please try again in ${minutes(m)}.`,
  });

  // SPEC §7: the dashboard and the pro-targeting site sign in through different paths, same rules.
  for (const [requestUrl, useUrl] of [
    ['/api/user/magic-link/', '/api/user/magic-link/use/'],
    ['/api/external/personal-magic-link/magic/', null],
  ] as const) {
    app.post(
      requestUrl,
      {
        schema: {
          tags: ['auth'],
          summary: 'Email a 6-character sign-in code',
          body: magicLinkRequestSchema,
          response: { 200: magicLinkResponseSchema, ...errorResponses(400, 403, 429, 503) },
        },
        preHandler: [signInCodesPerIp, codesPerAddressAndClient],
      },
      (request) =>
        magicLinkService.request(request.body.email, preferredLanguage(request.headers['accept-language'])),
    );

    if (useUrl === null) continue;
    app.post(
      useUrl,
      {
        schema: {
          tags: ['auth'],
          summary: 'Exchange the magic code and the emailed code for a session and a token',
          body: magicLinkUseSchema,
          response: { 200: signInResponseSchema, ...errorResponses(400, 403) },
        },
      },
      async (request, reply) => {
        const language = preferredLanguage(request.headers['accept-language']);
        const { signedIn, ...body } = await magicLinkService.use(request.body, language);
        // A new sign-in replaces whatever session this browser had (no session fixation).
        await sessionService.end({ sessionKey: request.cookies[SESSION_COOKIE] });
        setSessionCookies(reply, signedIn);
        return body;
      },
    );
  }

  // SPEC §6: the pro-targeting site's sign-in gives it a pro-targeting token for its own calls, and
  // no browser session (docs/API.md "Authentication").
  app.post(
    '/api/external/personal-magic-link/use/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the magic code and the emailed code for a pro-targeting token',
        body: magicLinkUseSchema,
        response: { 200: signInResponseSchema, ...errorResponses(400, 403) },
      },
    },
    (request) =>
      magicLinkService.useForProSite(request.body, preferredLanguage(request.headers['accept-language'])),
  );

  // SPEC §7 Auth: a personal token (the pro-targeting site's, the extension's user) signs this browser in.
  app.post(
    '/rest-auth/login-via-token/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a personal token for a browser session (and a new token)',
        body: loginViaTokenSchema,
        response: { 200: signInResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const { token } = request.body;
      const user = await sessionService.userForToken(token);
      if (!user) throw new BadRequest({ token: ['Invalid token.'] });
      // The new session and its token end with the token that opened them, and never after it.
      const signedIn = await sessionService.start(user.id, { seen: request, mintedBy: token });
      // A new sign-in replaces whatever session this browser had (no session fixation), unless the
      // token is that session's own: ending it would end the token and the session it just opened.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous && !(await sessionService.tokenBelongsToSession(token, previous))) {
        await sessionService.end({ sessionKey: previous });
      }
      setSessionCookies(reply, signedIn);
      return { key: signedIn.tokenKey, user: await usersService.me(user) };
    },
  );

  app.get(
    '/api/external/standalone-me/standalone_me/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (pro-targeting site)',
        response: { 200: userSchema, ...errorResponses(403) },
      },
    },
    (request) => usersService.me(requireUser(request)),
  );

  // Ends the session of this browser and, for token callers, that token; always succeeds, as DRF's did.
  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const p = request.principal;
    await sessionService.end({
      sessionKey: request.cookies[SESSION_COOKIE],
      tokenKey: p.kind === 'user' && p.via === 'token' ? p.tokenKey : undefined,
    });
    if (p.kind === 'user' && p.via === 'pro-targeting') await options.revokeProToken(p.tokenKey);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' }).clearCookie(CSRF_COOKIE, { path: '/' });
    return { detail: 'Successfully logged out.' };
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/rest-auth/logout/',
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        response: { 200: detailSchema, ...errorResponses(403) },
      },
      handler: logout,
    });
  }
  // SPEC §6: the per-user extension token the page hands to the X Pro Targeting extension.
  void app.register(extensionTokenRoutes, { sessionService });
  void app.register(credentialRoutes, { credentialsService: options.credentialsService });
  done();
};

/** The (validated) address of a code request, as the limit per address counts it. */
function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}
