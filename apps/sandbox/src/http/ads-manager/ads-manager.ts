import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Network } from '../../network';
import { sandboxAdsToken } from '../ads/auth';
import { acceptFormBodies } from '../shared/form-body';
import { readCookie, sessionCookie } from '../shared/cookies';
import { html, page } from '../shared/html';
import { accountByHandle, accountById } from '../shared/lookup';
import { ADS_MANAGER_SCRIPT } from './ads-manager-script';

const COOKIE = 'sandbox_ads_manager';

/**
 * A small stand-in for X Ads Manager under /ads-manager/: sign in as a sandbox X account, see its ad
 * accounts, their campaigns and line items, and a line item's targeting form. The page works
 * through the sandbox's Ads API over HTTP (a bearer token of the signed-in account), so what is
 * saved in the form (by hand, or by the X Pro Targeting extension) is the line item's targeting
 * criteria in the Ads API.
 */
export function adsManagerPlugin(network: Network): FastifyPluginAsync {
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async functions
  return async (app: FastifyInstance) => {
    acceptFormBodies(app);

    app.get('/app.js', (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(ADS_MANAGER_SCRIPT),
    );

    app.post('/sign-in', (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const handle = typeof body.handle === 'string' ? body.handle.trim().replace(/^@/, '') : '';
      const account = handle ? accountByHandle(network, handle) : -1;
      if (account < 0)
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(signInPage(`No sandbox X account has the handle @${handle}.`));
      reply.header('set-cookie', sessionCookie(COOKIE, network.accounts.ids[account]!.toString(), '/'));
      return reply.redirect('./');
    });

    app.post('/sign-out', (_request, reply) => {
      reply.header('set-cookie', `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
      return reply.redirect('./');
    });

    app.get('/', (request, reply) => {
      const account = accountById(network, readCookie(request.headers.cookie, COOKIE) ?? '');
      reply.type('text/html; charset=utf-8');
      if (account < 0) return reply.send(signInPage());
      const id = network.accounts.ids[account]!.toString();
      const handle = network.accounts.handles[account]!;
      const name = network.accounts.names[account]!;
      return reply.send(
        page(
          'Ads Manager / X (sandbox)',
          html`<div id="ads-manager" data-handle="${handle}" data-x-user-id="${id}">
              <header>
                <strong>X Ads Manager (sandbox)</strong> · signed in as
                <span class="handle">@${handle}</span> (${name})
                <form method="post" action="sign-out" style="display:inline">
                  <button type="submit">Sign out</button>
                </form>
              </header>
              <meta name="ads-token" content="${sandboxAdsToken(network, id)}" />
              <div id="app" aria-live="polite">Loading…</div>
            </div>
            <script src="app.js"></script>`,
        ),
      );
    });
  };
}

function signInPage(error?: string): string {
  return page(
    'Sign in to Ads Manager / X (sandbox)',
    html`<h1>Sign in to X Ads Manager (sandbox)</h1>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="sign-in">
        <label>X handle <input name="handle" type="search" autocomplete="username" required /></label>
        <button class="primary" type="submit">Sign in</button>
      </form>`,
  );
}
