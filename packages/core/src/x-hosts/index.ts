/**
 * Points an unchanged twitter-api-v2 client at a stand-in for X (the sandbox). The library hard-codes
 * X's hosts for OAuth (api.x.com/oauth/…, x.com/i/oauth2/…) and picks body encoding and response
 * parsing from the host name, so a plain prefix change is not enough: the plugin rewrites every URL
 * and keeps the choices the library would make for X itself. Shared by the server's X client
 * (apps/server/src/integrations/x) and the sandbox's own tests, so neither imports the other.
 * Typed structurally, so nothing here depends on twitter-api-v2.
 */
const REWRITES: readonly (readonly [string, string])[] = [
  ['https://api.x.com/2/', '/x/2/'],
  ['https://api.twitter.com/2/', '/x/2/'],
  ['https://api.x.com/oauth/', '/x/oauth/'],
  ['https://api.twitter.com/oauth/', '/x/oauth/'],
  ['https://api.x.com/oauth2/', '/x/oauth2/'],
  ['https://api.twitter.com/oauth2/', '/x/oauth2/'],
  ['https://x.com/i/oauth2/', '/x/i/oauth2/'],
  ['https://twitter.com/i/oauth2/', '/x/i/oauth2/'],
  ['https://ads-api.x.com/12/', '/ads/12/'],
  ['https://ads-api.twitter.com/12/', '/ads/12/'],
  ['https://ads-api-sandbox.twitter.com/12/', '/ads/12/'],
];

/** X's URL as the sandbox's (`sandboxBase` is where the plugin is mounted, e.g. http://host/sandbox). */
export function toSandboxUrl(url: string, sandboxBase: string): string {
  const base = sandboxBase.replace(/\/+$/, '');
  for (const [x, local] of REWRITES) if (url.startsWith(x)) return base + local + url.slice(x.length);
  return url;
}

interface RequestConfigArgs {
  params: { url: string; forceBodyMode?: string };
}

export interface SandboxRedirectPlugin {
  onBeforeRequestConfig(args: RequestConfigArgs): void;
  onAfterRequest(args: { url: URL; response: { data: unknown } }): void;
  onOAuth2RequestToken(args: { result: { url: string } }): void;
}

export function sandboxRedirectPlugin(sandboxBase: string): SandboxRedirectPlugin {
  return {
    onBeforeRequestConfig({ params }) {
      const original = params.url;
      const rewritten = toSandboxUrl(original, sandboxBase);
      if (rewritten === original) return;
      const path = new URL(original).pathname;
      // For X's own hosts the library sends v2 bodies as JSON and OAuth 2.0 token requests as forms.
      if (path.startsWith('/2/') && !path.startsWith('/2/oauth2/')) params.forceBodyMode ??= 'json';
      if (path.startsWith('/2/oauth2/')) params.forceBodyMode ??= 'url';
      params.url = rewritten;
    },
    onAfterRequest({ url, response }) {
      // The library parses OAuth 1.0a token answers as forms only for X's own host name.
      if (url.pathname.includes('/x/oauth/') && typeof response.data === 'string')
        response.data = Object.fromEntries(new URLSearchParams(response.data));
    },
    onOAuth2RequestToken({ result }) {
      result.url = toSandboxUrl(result.url, sandboxBase);
    },
  };
}
