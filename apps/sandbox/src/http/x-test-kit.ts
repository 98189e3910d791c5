import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { TwitterApi } from 'twitter-api-v2';
import { generateNetwork } from '../generate/network';
import type { Network } from '../network';
import { SANDBOX_DEV_CREDENTIALS, type SandboxCallbacks, type SandboxPluginOptions } from './options';
import { createSandboxPlugin } from './sandbox-plugin';
import { sandboxClientSettings } from './x-client-redirect';

export interface RunningSandbox {
  app: FastifyInstance;
  network: Network;
  /** http://127.0.0.1:PORT/sandbox */
  base: string;
  /** twitter-api-v2 settings pointing a client at `base`. */
  settings: ReturnType<typeof sandboxClientSettings>;
}

/** The callback URLs the sandbox's tests register for the development clients (exact match). */
export const TEST_CALLBACKS: SandboxCallbacks = {
  x: ['https://murmur.example/rest-auth/twitter/callback'],
  xOAuth2: ['https://murmur.example/rest-auth/twitter_oauth2/callback', 'https://murmur.example/x/callback'],
  facebook: ['https://murmur.example/auth/callback'],
  google: ['https://murmur.example/auth/callback'],
  linkedin: ['https://murmur.example/auth/callback'],
};

/** A small network (2 000 accounts, 8 days: recent search needs 7) served on a free port, for tests that use real HTTP clients. */
export async function startSandbox(options: Partial<SandboxPluginOptions> = {}): Promise<RunningSandbox> {
  const network =
    options.network ?? generateNetwork({ accounts: 2000, seed: 'http-surface', historyDays: 8 });
  const app = Fastify();
  await app.register(createSandboxPlugin({ callbacks: TEST_CALLBACKS, ...options, network }), {
    prefix: '/sandbox',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/sandbox`;
  return { app, network, base, settings: sandboxClientSettings(base) };
}

const unescape = (s: string): string =>
  s.replace(
    /&(lt|gt|amp|#39|quot);/g,
    (_, e: string) => ({ lt: '<', gt: '>', amp: '&', '#39': "'", quot: '"' })[e]!,
  );

/**
 * Does what a person does on an authorisation page: loads it, keeps the decision form's hidden
 * fields, picks `accountId` and presses allow (or deny). Returns where the page redirects.
 */
export async function submitConsent(
  pageUrl: string,
  accountId: string,
  decision: 'allow' | 'deny' = 'allow',
  cookie?: string,
): Promise<{ status: number; location: string | null; cookie: string | null; html: string }> {
  const page = await fetch(pageUrl, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200)
    return { status: page.status, location: page.headers.get('location'), cookie: null, html };
  const form = html.slice(html.indexOf('<form method="post">'));
  const fields = new URLSearchParams();
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g))
    fields.set(unescape(m[1]!), unescape(m[2]!));
  fields.set('account', accountId);
  fields.set('decision', decision);
  const answer = await fetch(pageUrl, { method: 'POST', body: fields, redirect: 'manual' });
  return {
    status: answer.status,
    location: answer.headers.get('location'),
    cookie: answer.headers.get('set-cookie'),
    html: await answer.text(),
  };
}

export const ALL_SCOPES = [
  'tweet.read',
  'users.read',
  'follows.read',
  'follows.write',
  'list.read',
  'list.write',
  'like.read',
  'offline.access',
];

/** A twitter-api-v2 client acting for `account`, signed in through the OAuth 2.0 consent page. */
export async function signInWithOAuth2(
  sandbox: RunningSandbox,
  account: number,
  scope = ALL_SCOPES,
): Promise<TwitterApi> {
  const { clientId, clientSecret } = SANDBOX_DEV_CREDENTIALS.x;
  const app = new TwitterApi({ clientId, clientSecret }, sandbox.settings);
  const redirectUri = 'https://murmur.example/x/callback';
  const link = app.generateOAuth2AuthLink(redirectUri, { scope });
  const consent = await submitConsent(link.url, sandbox.network.accounts.ids[account]!.toString());
  const code = new URL(consent.location!).searchParams.get('code')!;
  return (await app.loginWithOAuth2({ code, codeVerifier: link.codeVerifier, redirectUri })).client;
}
