import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Network } from '../../network';
import { readCookie, sessionCookie } from '../shared/cookies';
import { html, page, type Html } from '../shared/html';
import { accountById } from '../shared/lookup';

/**
 * "Signed in to X" for the sandbox's authorisation pages: a cookie holding the account last chosen,
 * so a second sign-in offers it first, and Sign in with X can skip the page (unless force_login).
 */
const COOKIE = 'sandbox_x_session';

export function rememberedAccount(net: Network, request: FastifyRequest): number {
  return accountById(net, readCookie(request.headers.cookie, COOKIE) ?? '');
}

export function remember(reply: FastifyReply, net: Network, account: number, path: string): void {
  reply.header('set-cookie', sessionCookie(COOKIE, net.accounts.ids[account]!.toString(), path));
}

/** An X-branded page ("X (sandbox)" in the title, so nobody mistakes it for the real X). */
export const xPage = (title: string, body: Html): string => page(`${title} / X (sandbox)`, body);

/** The page X shows for a stale or unknown authorisation link. */
export function invalidLinkPage(reply: FastifyReply, detail: string): FastifyReply {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(
      xPage(
        'Invalid request',
        html`<h1>This page is no longer valid</h1>
          <p class="error" role="alert">${detail}</p>`,
      ),
    );
}
