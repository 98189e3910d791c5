/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracketed keys
 * (`line_items[0][price]=price_1`, `metadata[team_id]=7`, `expand[]=latest_invoice`), which the
 * official SDKs send for every POST and in the query of every GET. Decoded to nested objects;
 * numeric indexes and `[]` make arrays. Keys that would reach Object.prototype are dropped.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
/** Deeper nesting than any Stripe parameter needs is refused rather than built. */
const MAX_DEPTH = 6;

export function parseStripeForm(text: string): FormObject {
  const root: FormObject = Object.create(null) as FormObject;
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = keyPath(rawKey);
    if (!path || path.length > MAX_DEPTH || path.some((p) => FORBIDDEN.has(p))) continue;
    assign(root, path, value);
  }
  return root;
}

function keyPath(key: string): string[] | undefined {
  const first = /^[^[\]]+/.exec(key);
  if (!first) return undefined;
  const path = [first[0]];
  let rest = key.slice(first[0].length);
  while (rest.length > 0) {
    const m = /^\[([^[\]]*)\]/.exec(rest);
    if (!m) return undefined;
    path.push(m[1]!);
    rest = rest.slice(m[0].length);
  }
  return path;
}

function assign(target: FormObject | FormValue[], path: string[], value: string): void {
  const [head, ...tail] = path as [string, ...string[]];
  if (Array.isArray(target)) {
    const index = head === '' ? target.length : Number(head);
    if (!Number.isInteger(index) || index < 0 || index > 1000) return;
    if (tail.length === 0) {
      target[index] = value;
      return;
    }
    const existing = target[index];
    const child = isContainer(existing) ? existing : containerFor(tail[0]!);
    target[index] = child;
    assign(child, tail, value);
    return;
  }
  if (tail.length === 0) {
    target[head] = value;
    return;
  }
  const existing = target[head];
  const child = isContainer(existing) ? existing : containerFor(tail[0]!);
  target[head] = child;
  assign(child, tail, value);
}

const isContainer = (v: FormValue | undefined): v is FormObject | FormValue[] =>
  typeof v === 'object' && v !== null;

const containerFor = (next: string): FormObject | FormValue[] =>
  next === '' || /^\d+$/.test(next) ? [] : (Object.create(null) as FormObject);

/** Readers for a decoded form: each returns undefined for a missing or mistyped value. */
export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const obj = (v: FormValue | undefined): FormObject | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
export const list = (v: FormValue | undefined): FormValue[] | undefined =>
  Array.isArray(v) ? v.filter((x) => x !== undefined) : obj(v) ? Object.values(obj(v)!) : undefined;
export const bool = (v: FormValue | undefined): boolean | undefined =>
  v === 'true' ? true : v === 'false' ? false : undefined;
export const int = (v: FormValue | undefined): number | undefined => {
  const s = str(v);
  return s !== undefined && /^-?\d{1,15}$/.test(s) ? Number(s) : undefined;
};
/** Metadata: string values only, as Stripe stores it (50 keys, 40-character keys, 500-character values). */
export const metadata = (v: FormValue | undefined): Record<string, string> => {
  const out: Record<string, string> = {};
  const o = obj(v);
  if (!o) return out;
  for (const [k, value] of Object.entries(o).slice(0, 50))
    if (typeof value === 'string' && k.length <= 40) out[k] = value.slice(0, 500);
  return out;
};
