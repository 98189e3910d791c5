import type { FastifyPluginAsync } from 'fastify';
import type { Network } from '../network';
import { avatarOf, avatarSvg } from '../text/avatar';
import { registerAppOnlyTokens } from './oauth/app-only';
import { registerOAuth1Authorize } from './oauth/oauth1-authorize';
import { registerOAuth1Tokens } from './oauth/oauth1-routes';
import { registerOAuth2Authorize } from './oauth/oauth2-authorize';
import { registerOAuth2Token } from './oauth/oauth2-token';
import type { XAuthState } from './oauth/x-auth-state';
import type { XOptions } from './options';
import { acceptFormBodies } from './shared/form-body';
import { accountById } from './shared/lookup';
import { xApiV2 } from './x-v2';
import { RateLimiter } from './x-v2/rate-limit';
import type { StreamOptions } from './x-v2/streams';

/**
 * Everything X serves, under /x: OAuth 1.0a (/oauth/…), OAuth 2.0 (/i/oauth2/authorize,
 * /2/oauth2/token, app-only /oauth2/token), profile images and API v2 (/2/…).
 */
export function xSurface(state: XAuthState, options: XOptions, streams?: StreamOptions): FastifyPluginAsync {
  const { net, now } = state;
  return async (app) => {
    const basePath = app.prefix;
    acceptFormBodies(app);
    registerOAuth1Tokens(app, state);
    registerOAuth1Authorize(app, state, basePath);
    registerOAuth2Authorize(app, state, basePath);
    registerOAuth2Token(app, state);
    registerAppOnlyTokens(app, state);
    registerProfileImages(app, net);
    // SANDBOX_X_RATE_LIMIT_WINDOW_SECONDS shortens X's 15-minute windows for journeys that walk them.
    const envWindow = Number(process.env.SANDBOX_X_RATE_LIMIT_WINDOW_SECONDS) || undefined;
    const limiter = new RateLimiter(
      options.rateLimits ?? {},
      options.rateLimitWindowSeconds ?? envWindow ?? 900,
      now,
    );
    await app.register(xApiV2({ net, auth: state, limiter, basePath, ...(streams && { streams }) }), {
      prefix: '/2',
    });
  };
}

/** GET /profile_images/{id}_{size}.svg: the avatar the user objects' profile_image_url points at. */
function registerProfileImages(app: Parameters<FastifyPluginAsync>[0], net: Network): void {
  app.get('/profile_images/:file', (request, reply) => {
    const { file } = request.params as { file: string };
    const account = accountById(net, /^(\d+)(_\w+)?\.svg$/.exec(file)?.[1] ?? '');
    if (account < 0)
      return reply.code(404).send({ errors: [{ message: 'Sorry, that page does not exist', code: 34 }] });
    const svg = Buffer.from(avatarSvg(avatarOf(net.accounts, account)).split(',')[1]!, 'base64');
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}
