import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ssoConfigInputSchema, ssoConfigSchema } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { preferredLanguage } from '../../lib/language';
import { SESSION_COOKIE, requireUser } from '../../plugins/auth';
import { minutes, rateLimitHook } from '../../plugins/rate-limit';
import { setSessionCookiesOn, type SessionCookies } from '../../plugins/session-cookies';
import { SSO_FLOW_COOKIE, SSO_FLOW_TTL_MS } from './sso-flow';
import { SsoRefused, type SsoService } from './sso.service';

export interface SsoRoutesOptions {
  ssoService: SsoService;
  sessionService: {
    start(userId: number, options?: { seen?: FastifyRequest }): Promise<SessionCookies>;
    end(credentials: { sessionKey?: string | undefined }): Promise<void>;
  };
  publicUrl: string;
  secureCookies: boolean;
  /** Sign-in starts per IP address per 15 minutes (each one reads the provider's discovery document). */
  startsPerIp: number;
}

const teamParams = z.object({ slug: z.string().max(100).describe('The team slug or its numeric id') });

/** Team SSO settings (admins) and the sign-in's start and callback (docs/SSO-AND-AUDIT.md). */
export const ssoRoutes: FastifyPluginCallbackZod<SsoRoutesOptions> = (app, options, done) => {
  const { ssoService, sessionService, publicUrl, secureCookies } = options;
  const starts = rateLimitHook(app, {
    name: 'sso-sign-in',
    max: options.startsPerIp,
    windowMs: 15 * 60 * 1000,
    message: (m) => `Too many single sign-on attempts from your network. Please try again in ${minutes(m)}.`,
  });
  const flowCookie = {
    path: '/api/auth/sso/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
  } as const;
  /** A refused sign-in goes back to the login screen, which names the reason. */
  const refusedUrl = (error: unknown) => {
    if (!(error instanceof SsoRefused)) throw error;
    return `${publicUrl}/login?sso_error=${error.reason}`;
  };

  app.get(
    '/api/teams/:slug/sso/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['sso'],
        summary: "The team's single sign-on settings (admins only; the client secret is never returned)",
        params: teamParams,
        response: { 200: ssoConfigSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => ssoService.getConfig(requireUser(request), request.params.slug),
  );

  app.put(
    '/api/teams/:slug/sso/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['sso'],
        summary: "Sets the team's single sign-on (OpenID Connect); leave client_secret out to keep it",
        params: teamParams,
        body: ssoConfigInputSchema,
        response: { 200: ssoConfigSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => ssoService.saveConfig(requireUser(request), request.params.slug, request.body, request.ip),
  );

  app.get(
    '/api/auth/sso/:team/start',
    {
      preHandler: starts,
      // Browser navigations (redirects), not API calls: kept out of the API document and route map.
      schema: {
        hide: true,
        tags: ['sso'],
        summary:
          "Starts single sign-on for a team (its slug, or an e-mail address or domain): redirects to the team's provider",
        params: z.object({ team: z.string().min(1).max(254) }),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      try {
        const { url, flowCookie: sealed } = await ssoService.start(request.params.team);
        void reply.setCookie(SSO_FLOW_COOKIE, sealed, { ...flowCookie, maxAge: SSO_FLOW_TTL_MS / 1000 });
        return await reply.redirect(url, 302);
      } catch (error) {
        return reply.redirect(refusedUrl(error), 302);
      }
    },
  );

  app.get(
    '/api/auth/sso/callback',
    {
      schema: {
        hide: true,
        tags: ['sso'],
        summary: "The identity provider's redirect back: signs the user in and into the team",
        // What providers send back (RFC 6749 §4.1.2, RFC 9207 `iss`); the whole URL goes to openid-client.
        querystring: z.object({
          code: z.string().max(4000).optional(),
          state: z.string().max(1000).optional(),
          iss: z.string().max(1000).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(2000).optional(),
        }),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      // The flow is single use, whatever the outcome.
      void reply.clearCookie(SSO_FLOW_COOKIE, flowCookie);
      try {
        const callbackUrl = new URL(request.url, publicUrl);
        const { user } = await ssoService.finish(callbackUrl, request.cookies[SSO_FLOW_COOKIE], {
          ip: request.ip,
          language: preferredLanguage(request.headers['accept-language']),
        });
        const signedIn = await sessionService.start(user.id, { seen: request });
        await sessionService.end({ sessionKey: request.cookies[SESSION_COOKIE] });
        setSessionCookiesOn(reply, signedIn, secureCookies);
        return await reply.redirect(`${publicUrl}/`, 302);
      } catch (error) {
        return reply.redirect(refusedUrl(error), 302);
      }
    },
  );
  done();
};
