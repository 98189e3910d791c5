import Fastify from 'fastify';
import { clockFromEnv, configFromEnv } from './config';
import { generateNetwork } from './generate/network';
import { createSandboxPlugin } from './http/sandbox-plugin';

/**
 * npm run sandbox: generates the network from SANDBOX_* settings, prints a summary and serves it
 * under /sandbox: the bulk export, X API v2, X's OAuth, the sign-in stand-ins and the Ads API.
 * SANDBOX_PORT (default 4100) and SANDBOX_HOST (default 127.0.0.1) choose where.
 */
const config = configFromEnv();
console.log(`Sandbox network: ${config.accounts.toLocaleString('en-US')} accounts, seed "${config.seed}"`);
const started = performance.now();
const network = generateNetwork(config, (stage, seconds) =>
  console.log(`  ${stage.padEnd(14)} ${seconds.toFixed(1)} s`),
);
console.log(
  `Generated in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
    `${network.graph.edgeCount.toLocaleString('en-US')} follows, ${network.posts.length.toLocaleString('en-US')} posts, ` +
    `${network.events.length.toLocaleString('en-US')} events, ${network.lists.count.toLocaleString('en-US')} lists; ` +
    `each account stands for ${config.scale.toLocaleString('en-US')} people ` +
    `(${(config.accounts * config.scale).toLocaleString('en-US')} in all).`,
);

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
const clock = clockFromEnv();
await app.register(createSandboxPlugin({ network, clock }), { prefix: '/sandbox' });
const port = Number(process.env.SANDBOX_PORT ?? 4100);
const host = process.env.SANDBOX_HOST ?? '127.0.0.1';
await app.listen({ port, host });
const root = `http://${host}:${port}/sandbox`;
console.log(
  [
    `Bulk export      ${root}/export`,
    `X API v2         ${root}/x/2/   (OAuth: ${root}/x/oauth/…, ${root}/x/i/oauth2/authorize)`,
    `Ads API v12      ${root}/ads/12/`,
    `Sign-in          ${root}/facebook/, ${root}/google/, ${root}/linkedin/`,
  ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
