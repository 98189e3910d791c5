import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A real OpenID Connect provider (npm `oidc-provider`) on a local port, for the SSO tests. */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Follows the browser's way through the provider from its authorization URL: logs in as `email`
   * (accounts whose address starts with "unverified" have `email_verified: false`), consents, and
   * answers the redirect back to the relying party (the URL with `code` and `state`).
   */
  signIn(authorizationUrl: string, email: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startTestOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const clientId = 'murmur-test-client';
  const clientSecret = 'murmur-test-client-secret-0123456789';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount(_ctx, sub) {
      return Promise.resolve({
        accountId: sub,
        claims: () => ({
          sub,
          email: sub,
          email_verified: !sub.startsWith('unverified'),
          given_name: 'Test',
          family_name: 'User',
        }),
      });
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['murmur-test-cookie-key'] },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));

  async function signIn(authorizationUrl: string, email: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    let next = new URL(authorizationUrl);
    let form: URLSearchParams | undefined;
    for (let step = 0; step < 12; step++) {
      if (next.origin !== issuer) return next;
      const res = await fetch(next, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: cookieHeader(),
          ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        ...(form && { body: form.toString() }),
      });
      keep(res);
      form = undefined;
      const location = res.headers.get('location');
      if (location) {
        next = new URL(location, next);
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
      // The development interactions' forms: log in as anyone, then consent.
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
      next = new URL(action.replace(/&amp;/g, '&'), next);
      form = new URLSearchParams(prompt === 'login' ? { prompt, login: email, password: 'x' } : { prompt });
    }
    throw new Error('the provider did not redirect back');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
