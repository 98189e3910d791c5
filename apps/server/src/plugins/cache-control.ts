/** API surfaces whose answers depend on the caller (session, token) or carry tokens: never cached. */
const PRIVATE_PREFIXES = ['/api', '/rest-auth', '/sandbox'];

/**
 * Whether a request target (path and query) is under /api/, /rest-auth/ or /sandbox/ (or is one of
 * them without the slash). Its answers — errors and 404s included — get `Cache-Control: no-store`
 * (plugins/front-hook.ts), so that no browser or shared cache keeps one user's or team's data (or an
 * OAuth token) for the next; a route that is deliberately public sets its own header over it.
 */
export function isPrivatePath(url: string): boolean {
  for (const prefix of PRIVATE_PREFIXES) {
    if (!url.startsWith(prefix)) continue;
    const next = url.charCodeAt(prefix.length);
    // The end of the target, a slash or the query.
    if (Number.isNaN(next) || next === 0x2f || next === 0x3f) return true;
  }
  return false;
}
