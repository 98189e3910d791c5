// Resolve hook (see spaces-only.mjs): @murmur/core/text's import of './cjk' becomes cjk-whole.ts —
// in the main thread, and in the parse workers, where tsx resolves it under its namespace (the
// parent's URL then carries a `?tsx-namespace=` query, hence the comparison without it).
const WHOLE = new URL('./cjk-whole.ts', import.meta.url).href;
const path = (url) => url?.split('?')[0];

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (
    path(context.parentURL)?.endsWith('/packages/core/src/text/index.ts') &&
    path(resolved.url).endsWith('/packages/core/src/text/cjk.ts')
  ) {
    return { ...resolved, url: WHOLE + resolved.url.slice(path(resolved.url).length) };
  }
  return resolved;
}
