import { Agent } from 'node:http';
import { sandboxRedirectPlugin, type SandboxRedirectPlugin } from '@murmur/core/x-hosts';

/**
 * twitter-api-v2 pointed at the sandbox (the rewrite itself is @murmur/core/x-hosts). The library
 * always calls `https.request`, which refuses http:// URLs unless it is given an http.Agent. Usage:
 *
 *   new TwitterApi(credentials, sandboxClientSettings('http://127.0.0.1:4100/sandbox'))
 */
export { sandboxRedirectPlugin, toSandboxUrl, type SandboxRedirectPlugin } from '@murmur/core/x-hosts';

/** twitter-api-v2 client settings for a sandbox at `sandboxBase`: the redirect plugin and, for http, an agent. */
export function sandboxClientSettings(sandboxBase: string): {
  plugins: SandboxRedirectPlugin[];
  httpAgent?: Agent;
} {
  const plugins = [sandboxRedirectPlugin(sandboxBase)];
  return sandboxBase.startsWith('http:')
    ? { plugins, httpAgent: new Agent({ keepAlive: true }) }
    : { plugins };
}
