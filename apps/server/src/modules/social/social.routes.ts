import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeChallengeSchema,
  detailSchema,
  idParamSchema,
  publicProviderSchema,
  signInResponseSchema,
  socialAccountSchema,
  socialCodeSchema,
  userSchema,
  xAccessTokenQuerySchema,
  xAccessTokenSchema,
  xRequestTokenQuerySchema,
  xRequestTokenSchema,
  xTokensSchema,
} from '@murmur/core/api';
import type { User } from '@murmur/core/api';
import type { UserRow } from '../../db/schema';
import { errorResponses } from '../../lib/http';
import { preferredLanguage } from '../../lib/language';
import { SESSION_COOKIE, requireUser } from '../../plugins/auth';
import { minutes, rateLimitHook } from '../../plugins/rate-limit';
import { setSessionCookiesOn, type SessionCookies } from '../../plugins/session-cookies';
import type { CodeProvider, SocialIdentity, SocialService } from './social.service';

export interface SocialRoutesOptions {
  socialService: SocialService;
  /** The auth module's sessions (wired in modules/index.ts): a fresh session, and signing out the old one. */
  sessionService: {
    start(
      userId: number,
      options?: { seen?: FastifyRequest },
    ): Promise<SessionCookies & { tokenKey: string }>;
    end(credentials: { sessionKey?: string | undefined }): Promise<void>;
  };
  /** The users module's service (wired in modules/index.ts). */
  usersService: { present(user: UserRow): Promise<User>; me(user: UserRow): Promise<User> };
  secureCookies: boolean;
  /** Social sign-in starts per IP address per 15 minutes (docs/API.md "Limits"). */
  socialStartsPerIp: number;
}

const CODE_PROVIDERS: readonly CodeProvider[] = ['facebook', 'google', 'linkedin', 'twitter_oauth2'];

/** SPEC §7 Auth: sign in with X (OAuth 1.0a and 2.0), Facebook, Google and LinkedIn; link and unlink. */
export const socialRoutes: FastifyPluginCallbackZod<SocialRoutesOptions> = (app, options, done) => {
  const { socialService, sessionService, usersService, secureCookies } = options;
  /**
   * Every sign-in start that reaches the server shares one count per IP address: X's request token
   * (a call to X and a pending secret kept in memory), X's PKCE challenge, and the code exchange of
   * Facebook, Google and LinkedIn, whose start happens in the browser alone.
   */
  const socialStarts = rateLimitHook(app, {
    name: 'social-sign-in',
    max: options.socialStartsPerIp,
    windowMs: 15 * 60 * 1000,
    message: (m) => `Too many social sign-in attempts from your network. Please try again in ${minutes(m)}.`,
  });
  const startsHere = (provider: CodeProvider) => provider !== 'twitter_oauth2';

  /** Signs the identity's user in as the magic link does: session cookies and `{key, user}`. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, identity: SocialIdentity) {
    const user = await socialService.signIn(identity, preferredLanguage(request.headers['accept-language']));
    const signedIn = await sessionService.start(user.id, { seen: request });
    await sessionService.end({ sessionKey: request.cookies[SESSION_COOKIE] });
    setSessionCookiesOn(reply, signedIn, secureCookies);
    return { key: signedIn.tokenKey, user: await usersService.present(user) };
  }

  async function connect(user: UserRow, identity: SocialIdentity) {
    await socialService.connect(user, identity);
    return usersService.me(user);
  }

  app.get(
    '/api/auth/providers/',
    {
      schema: {
        tags: ['social'],
        summary:
          'Every configured code-flow sign-in provider (facebook, google, linkedin, twitter_oauth2): authorize URL, public client id, scopes',
        response: {
          200: z.array(publicProviderSchema),
        },
      },
    },
    () => socialService.providers(),
  );

  app.get(
    '/rest-auth/twitter/request_token/',
    {
      schema: {
        tags: ['social'],
        summary: 'Sign in with X, step 1: a request token (the secret stays on the server)',
        querystring: xRequestTokenQuerySchema,
        response: {
          200: xRequestTokenSchema,
          ...errorResponses(400, 429, 503),
        },
      },
      preHandler: socialStarts,
    },
    (request) => socialService.requestToken(request.query.oauth_callback),
  );

  app.get(
    '/rest-auth/twitter/access_token/',
    {
      schema: {
        tags: ['social'],
        summary: 'Sign in with X, step 3: the callback parameters for the access token',
        querystring: xAccessTokenQuerySchema,
        response: {
          200: xAccessTokenSchema,
          ...errorResponses(400, 503),
        },
      },
    },
    (request) => socialService.accessToken(request.query.oauth_token, request.query.oauth_verifier),
  );

  app.post(
    '/rest-auth/twitter/',
    {
      schema: {
        tags: ['social'],
        summary: 'Sign in with an X OAuth 1.0a access token',
        body: xTokensSchema,
        response: { 200: signInResponseSchema, ...errorResponses(400, 403, 503) },
      },
    },
    async (request, reply) =>
      signIn(
        request,
        reply,
        await socialService.identityFromXTokens(request.body.access_token, request.body.access_token_secret),
      ),
  );

  app.post(
    '/rest-auth/twitter/connect/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['social'],
        summary: 'Link an X account (OAuth 1.0a access token) to the signed-in user',
        body: xTokensSchema,
        response: { 200: userSchema, ...errorResponses(400, 403, 503) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return connect(
        user,
        await socialService.identityFromXTokens(request.body.access_token, request.body.access_token_secret),
      );
    },
  );

  for (const provider of CODE_PROVIDERS) {
    app.post(
      `/rest-auth/${provider}/`,
      {
        schema: {
          tags: ['social'],
          summary: `Sign in with an authorization code from ${provider}`,
          body: socialCodeSchema,
          response: { 200: signInResponseSchema, ...errorResponses(400, 403, 429, 503) },
        },
        ...(startsHere(provider) && { preHandler: socialStarts }),
      },
      async (request, reply) =>
        signIn(request, reply, await socialService.identityFromCode(provider, request.body)),
    );
    app.post(
      `/rest-auth/${provider}/connect/`,
      {
        schema: {
          tags: ['social'],
          summary: `Link a ${provider} account (authorization code) to the signed-in user`,
          body: socialCodeSchema,
          response: { 200: userSchema, ...errorResponses(400, 403, 429, 503) },
        },
        ...(startsHere(provider) && { preHandler: socialStarts }),
      },
      async (request) => {
        const user = requireUser(request);
        return connect(user, await socialService.identityFromCode(provider, request.body));
      },
    );
  }

  app.get(
    '/rest-auth/twitter_oauth2_challenge/code-challenge/',
    {
      schema: {
        tags: ['social'],
        summary: 'A PKCE pair for X OAuth 2.0 (the browser keeps code_verifier for the code exchange)',
        response: {
          200: codeChallengeSchema,
          ...errorResponses(429),
        },
      },
      preHandler: socialStarts,
    },
    () => socialService.codeChallenge(),
  );

  app.get(
    '/rest-auth/socialaccounts/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['social'],
        summary: "The signed-in user's linked social accounts",
        response: { 200: z.array(socialAccountSchema), ...errorResponses(403) },
      },
    },
    (request) => socialService.list(requireUser(request)),
  );

  app.post(
    '/rest-auth/socialaccounts/:pk/disconnect/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['social'],
        summary: 'Unlink one of your social accounts (empty body)',
        params: idParamSchema,
        response: { 200: detailSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await socialService.disconnect(requireUser(request), request.params.pk);
      return { detail: 'Social account disconnected.' };
    },
  );

  done();
};
