import type { ApiKeyScope } from '@murmur/core/api';

/** Where a route's team is read from, to hold a key to its own team. */
export type TeamSource =
  /** `?team=` (a slug or an id): required, and must be the key's team. */
  | { from: 'query' }
  /** The body's `team` (a slug or an id): required, and must be the key's team. */
  | { from: 'body' }
  /** `:slug` in the path. */
  | { from: 'path-team' }
  /** `:pk` is an audience config of the key's team. */
  | { from: 'audience' }
  /** `:pk` is a campaign of the key's team. */
  | { from: 'campaign' }
  /** The body's `audience_config_id`, when given, is an audience config of the key's team. */
  | { from: 'body-audience' }
  /** Nothing of a team: the route reads only what its unguessable id names (a job). */
  | { from: 'none' };

export interface KeyRoute {
  scope: ApiKeyScope;
  team: TeamSource;
}

/**
 * The only routes an API key reaches (docs/API-KEYS.md), by `METHOD path`: every other route answers
 * a key 403, so user settings, billing, team membership, key management and staff routes stay out of
 * reach without being listed anywhere. The OpenAPI document marks these with the bearer scheme.
 */
export const KEY_ROUTES: Readonly<Record<string, KeyRoute>> = {
  'GET /api/audience-configs/': { scope: 'audiences:read', team: { from: 'query' } },
  'GET /api/audience-configs/:pk/': { scope: 'audiences:read', team: { from: 'audience' } },
  'GET /api/audience-insight/:pk/': { scope: 'audiences:read', team: { from: 'audience' } },
  'GET /api/audience-insights/:pk/by_config/': { scope: 'audiences:read', team: { from: 'audience' } },
  'POST /api/audience-configs/': { scope: 'audiences:write', team: { from: 'body' } },
  'PUT /api/audience-configs/:pk/': { scope: 'audiences:write', team: { from: 'audience' } },
  'DELETE /api/audience-configs/:pk/': { scope: 'audiences:write', team: { from: 'audience' } },
  'POST /api/audience-configs/insights/': { scope: 'insights:run', team: { from: 'body-audience' } },
  'GET /api/jobs/:id/': { scope: 'insights:run', team: { from: 'none' } },
  'GET /api/campaigns/': { scope: 'campaigns:read', team: { from: 'query' } },
  'GET /api/campaigns/:pk/': { scope: 'campaigns:read', team: { from: 'campaign' } },
  'GET /api/teams/:slug/webhooks/': { scope: 'webhooks:manage', team: { from: 'path-team' } },
  'POST /api/teams/:slug/webhooks/': { scope: 'webhooks:manage', team: { from: 'path-team' } },
  'DELETE /api/teams/:slug/webhooks/:id/': { scope: 'webhooks:manage', team: { from: 'path-team' } },
  'GET /api/teams/:slug/webhooks/:id/deliveries/': { scope: 'webhooks:manage', team: { from: 'path-team' } },
  'POST /api/teams/:slug/webhooks/:id/test/': { scope: 'webhooks:manage', team: { from: 'path-team' } },
};

export const keyRouteOf = (method: string, url: string | undefined): KeyRoute | undefined =>
  url === undefined ? undefined : KEY_ROUTES[`${method} ${url}`];
