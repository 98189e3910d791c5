import type { FastifyRequest } from 'fastify';
import { InvalidInput } from '../../ads/invalid-input';

export type Params = Readonly<Record<string, unknown>>;

const cache = new WeakMap<FastifyRequest, Params>();

/**
 * X Ads API clients send parameters in the query string, as a form body or (newer endpoints) as
 * JSON; all three are read alike. Route parameters win over the rest.
 */
export function paramsOf(request: FastifyRequest): Params {
  let params = cache.get(request);
  if (!params) {
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};
    params = { ...body, ...(request.query as object), ...(request.params as object) };
    cache.set(request, params);
  }
  return params;
}

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

function required(params: Params, name: string): unknown {
  const value = params[name];
  if (!present(value)) throw new InvalidInput(`"${name}" is a required parameter`, name, 'MISSING_PARAMETER');
  return value;
}

export function str(
  params: Params,
  name: string,
  options: { required?: boolean; max?: number } = {},
): string | undefined {
  const value = options.required ? required(params, name) : params[name];
  if (!present(value)) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new InvalidInput(`${name} must be a string`, name);
  const text = String(value);
  if (options.max !== undefined && text.length > options.max)
    throw new InvalidInput(`${name} must be at most ${options.max} characters`, name);
  return text;
}

export function int(
  params: Params,
  name: string,
  options: { required?: boolean; min?: number } = {},
): number | undefined {
  const raw = options.required ? required(params, name) : params[name];
  if (!present(raw)) return undefined;
  const value =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value)) throw new InvalidInput(`${name} must be an integer`, name);
  if (options.min !== undefined && value < options.min)
    throw new InvalidInput(`${name} must be at least ${options.min}`, name);
  return value;
}

export function bool(params: Params, name: string, fallback: boolean): boolean {
  const value = params[name];
  if (!present(value)) return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new InvalidInput(`${name} must be true or false`, name);
}

export function oneOf<T extends string>(
  params: Params,
  name: string,
  values: readonly T[],
  options: { required?: boolean } = {},
): T | undefined {
  const text = str(params, name, options)?.toUpperCase();
  if (text === undefined) return undefined;
  if (!(values as readonly string[]).includes(text))
    throw new InvalidInput(`${name} must be one of ${values.join(', ')}`, name);
  return text as T;
}

/** Comma-separated (or JSON array) values, as X takes `campaign_ids=a,b,c`. */
export function list(
  params: Params,
  name: string,
  options: { required?: boolean; max?: number } = {},
): string[] {
  const raw = options.required ? required(params, name) : params[name];
  if (!present(raw)) return [];
  const items = (Array.isArray(raw) ? raw.map(String) : String(raw).split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (options.max !== undefined && items.length > options.max)
    throw new InvalidInput(`${name} takes at most ${options.max} values`, name);
  return items;
}

/** ISO 8601 to Unix seconds. */
export function parseTime(value: string, name: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) throw new InvalidInput(`${name} must be an ISO 8601 time`, name);
  return Math.floor(ms / 1000);
}

export function time(params: Params, name: string, options: { required?: boolean } = {}): number | undefined {
  const text = str(params, name, options);
  return text === undefined ? undefined : parseTime(text, name);
}

/** ISO 8601 without milliseconds, as X writes times; null stays null. */
export const iso = (unixSeconds: number | null): string | null =>
  unixSeconds === null ? null : new Date(unixSeconds * 1000).toISOString().replace('.000Z', 'Z');
