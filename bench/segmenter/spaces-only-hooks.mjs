// Resolve hook (see spaces-only.mjs): @murmur/core/text's import of './cjk' becomes cjk-whole.ts.
const WHOLE = new URL('./cjk-whole.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (
    context.parentURL?.endsWith('/packages/core/src/text/index.ts') &&
    resolved.url.endsWith('/packages/core/src/text/cjk.ts')
  ) {
    return { ...resolved, url: WHOLE };
  }
  return resolved;
}
