/** `url` with `params` appended to its query (existing parameters kept), as OAuth redirects need. */
export function withParams(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) target.searchParams.set(name, value);
  return target.toString();
}
