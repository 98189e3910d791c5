/**
 * The one paging helper of the dt_* queries: a statement carries at most CHUNK rows or ids, so a
 * sync of 100 000 followers writes in parts that PostgreSQL's 65 535 parameters accept.
 */
export const CHUNK = 500;

/**
 * Runs `run` on consecutive parts of `items`, one after the other, and answers each part's result
 * in order (`.flat()` them for a read).
 */
export async function inChunks<T, R>(items: readonly T[], run: (part: T[]) => PromiseLike<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(await run(items.slice(i, i + CHUNK)));
  return out;
}
