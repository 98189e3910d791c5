/**
 * Joins an API root and a path with exactly one slash between them:
 * ("https://api.test/", "/api/teams/") → "https://api.test/api/teams/". An empty root gives a
 * root-relative path; an absolute path (with a scheme or "//") is returned as is.
 */
export function joinUrl(root: string, path: string): string {
  if (/^([a-z][a-z\d+.-]*:)?\/\//i.test(path)) return path;
  const base = root.replace(/\/+$/, '');
  const rest = path.replace(/^\/+/, '');
  if (!rest) return root || '/';
  return `${base}/${rest}`;
}
