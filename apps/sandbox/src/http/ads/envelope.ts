import type { FastifyRequest } from 'fastify';
import { InvalidInput } from '../../ads/invalid-input';
import { paramsOf } from './params';

/** X echoes how it read the request: route and query parameters (body fields for form posts). */
export function echo(request: FastifyRequest): { params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(paramsOf(request)))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) params[key] = value;
  return { params };
}

export function one<T>(request: FastifyRequest, data: T): { request: ReturnType<typeof echo>; data: T } {
  return { request: echo(request), data };
}

export interface PageOptions {
  defaultCount?: number;
  maxCount?: number;
}

/** Cursors are opaque to clients; here they are the next offset in base 36. */
const encodeCursor = (offset: number): string => `c${offset.toString(36)}`;

function decodeCursor(raw: unknown): number {
  if (raw === undefined || raw === '') return 0;
  const match = typeof raw === 'string' ? /^c([0-9a-z]+)$/.exec(raw) : null;
  if (!match) throw new InvalidInput('Invalid cursor', 'cursor');
  return parseInt(match[1]!, 36);
}

function countOf(raw: unknown, { defaultCount = 200, maxCount = 1000 }: PageOptions): number {
  if (raw === undefined || raw === '') return defaultCount;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > maxCount)
    throw new InvalidInput(`count must be an integer between 1 and ${maxCount}`, 'count');
  return count;
}

/**
 * X's collection envelope with `cursor`/`count` pagination: `next_cursor` is null on the last page;
 * `total_count` is the size of the whole filtered collection.
 */
export function page<T, W>(
  request: FastifyRequest,
  items: readonly T[],
  toWire: (item: T) => W,
  options: PageOptions = {},
): { request: ReturnType<typeof echo>; data: W[]; next_cursor: string | null; total_count: number } {
  const params = paramsOf(request);
  const count = countOf(params.count, options);
  const offset = decodeCursor(params.cursor);
  const slice = items.slice(offset, offset + count);
  return {
    request: echo(request),
    data: slice.map(toWire),
    next_cursor: offset + count < items.length ? encodeCursor(offset + count) : null,
    total_count: items.length,
  };
}
