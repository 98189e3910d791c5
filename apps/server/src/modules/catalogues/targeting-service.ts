/**
 * SPEC §7 "A second API root serves the targeting service" and §6 "Fixed tokens for a targeting
 * service … are used in some requests": the routes of the targeting service — its country,
 * interest and location lists, which the web app calls through its second API root
 * (VITE_TARGETING_API_URL, by default this server) with the fixed TARGETING_TOKEN. That token is
 * accepted on these routes and no other (plugins/auth.ts); they stay public for everyone else.
 */
export const TARGETING_SERVICE_ROUTES: readonly string[] = [
  '/api/targeting-countries/',
  '/api/targeting-interests/',
  '/api/targeting-locations/',
];
