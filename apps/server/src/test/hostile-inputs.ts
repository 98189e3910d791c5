/**
 * Hostile inputs for the fuzz test (hostile-input.test.ts), derived from an OpenAPI operation: the
 * structural attacks every body route gets, wrong values for each declared field, and bad path and
 * query parameters. Kept bounded: a fixed list per field, no random search.
 */

import type { InjectOptions } from 'fastify';

/**
 * The methods of the operations an OpenAPI path item may hold that a request can be injected with
 * (the item's other keys are not operations; the API has no TRACE).
 */
const METHODS = [
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
] as const satisfies readonly NonNullable<InjectOptions['method']>[];
type OperationMethod = (typeof METHODS)[number];
const isOperationMethod = (key: string): key is OperationMethod =>
  (METHODS as readonly string[]).includes(key);

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  default?: unknown;
}

export interface Operation {
  method: OperationMethod;
  path: string;
  body: JsonSchema | undefined;
  query: { name: string; schema: JsonSchema }[];
  pathParams: string[];
}

/** A request to send: raw payload (string or bytes) so that malformed bodies reach the server as is. */
export interface HostileRequest {
  name: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { in: string; name: string; schema: JsonSchema }[];
      }
    >
  >;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([key, op]) => {
      const method = key.toUpperCase();
      if (!isOperationMethod(method)) return [];
      return [
        {
          method,
          path,
          body: op.requestBody?.content?.['application/json']?.schema,
          query: (op.parameters ?? []).filter((p) => p.in === 'query'),
          pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        },
      ];
    }),
  );
}

/** A small value that satisfies the schema, so that one hostile field is the only problem of a body. */
export function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return null;
  if (schema.enum) return schema.enum[0];
  const alternative = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternative?.[0]) return sample(alternative[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uri') return 'https://example.com/';
      return 'abc'.padEnd(schema.minLength ?? 3, 'x');
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items));
    case 'object':
    case undefined: {
      const properties = Object.entries(schema.properties ?? {});
      return Object.fromEntries(properties.map(([k, s]) => [k, sample(s)]));
    }
    default:
      return null;
  }
}

/** Values of the wrong type, range or size for any field (raw JSON texts, so `1e400` stays a number). */
const WRONG_VALUES = [
  '123',
  '"text"',
  'null',
  '[]',
  '-1',
  '1e400',
  '2147483648',
  '1.5',
  '"\\u0000"',
  `"${'x'.repeat(70_000)}"`,
];

const DEEP = 5000;
const deepArray = '['.repeat(DEEP) + ']'.repeat(DEEP);
const deepObject = (field: string) => `{"${field}":${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP + 1)}`;
const binary = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919) % 256));
const huge = `{"name":"${'a'.repeat(2 * 1024 * 1024)}"}`;

/** The attacks on a body as a whole: nesting, malformed JSON, other types, content types, sizes. */
export function bodyAttacks(op: Operation, url: string): HostileRequest[] {
  const first = Object.keys(op.body?.properties ?? {})[0] ?? 'name';
  const nulBody = JSON.stringify(withStrings(sample(op.body), (s) => `${s}\u0000`));
  const json = (name: string, payload: string | Buffer, contentType = 'application/json') => ({
    name,
    url,
    payload,
    contentType,
  });
  return [
    json('array nested 5000 deep', deepArray),
    json('object nested 5000 deep', deepObject(first)),
    json('invalid JSON', '{"a":'),
    json('empty body', ''),
    json('null body', 'null'),
    json('string body', '"text"'),
    json('array body', '[]'),
    json('array of objects', '[{}]'),
    json('__proto__ key', `{"__proto__":{"polluted":true},"${first}":1}`),
    json('constructor key', `{"constructor":{"prototype":{"polluted":true}}}`),
    json('NUL in every string', nulBody),
    json('NUL in a key', `{"${first}\\u0000":1}`),
    json('binary JSON', binary),
    json('binary octet-stream', binary, 'application/octet-stream'),
    json('text/plain', 'hello', 'text/plain'),
    json('form', `${first}=1`, 'application/x-www-form-urlencoded'),
    json('multipart', '--x\r\n\r\n--x--', 'multipart/form-data; boundary=x'),
    json('2 MB body', huge),
  ];
}

/**
 * One field at a time set to a wrong value, the rest of the body valid: reaches past the schema.
 * Top-level fields get every wrong value, fields of nested objects two type swaps.
 */
export function fieldAttacks(op: Operation, url: string): HostileRequest[] {
  const base = sample(op.body);
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return [];
  return fieldPaths(op.body!, []).flatMap((path) =>
    WRONG_VALUES.slice(0, path.length > 1 ? 2 : undefined).map((raw) => ({
      name: `${path.join('.')} = ${raw.slice(0, 30)}`,
      url,
      payload: withRaw(base, path, raw),
      contentType: 'application/json',
    })),
  );
}

/** Path parameters that cannot name anything: huge, NUL, non-numeric, out of range, bad escapes. */
export const PATH_VALUES = [
  'x'.repeat(5000),
  'a%00b',
  'abc',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999',
  '%E0%A4%A',
  '__proto__',
];

/** Query values of the wrong type, size or encoding, for each declared parameter and an unknown one. */
export function queryAttacks(op: Operation, path: string): HostileRequest[] {
  const names = [...op.query.map((q) => q.name), 'unknown'];
  // The long value stays under the 8 192-character URL limit, so that it reaches the schema.
  const values = ['%00', 'x'.repeat(6000), 'abc', '99999999999999999999', '%E0%A4%A'];
  return [
    ...names.flatMap((name) =>
      values.map((v) => ({ name: `?${name}=${v.slice(0, 20)}`, url: `${path}?${name}=${v}` })),
    ),
    ...names.map((name) => ({ name: `?${name} repeated`, url: `${path}?${name}=1&${name}=2` })),
    { name: '?__proto__[x]', url: `${path}?__proto__[polluted]=1&constructor[prototype][polluted]=1` },
    { name: '100 KB URL', url: `${path}?q=${'a'.repeat(100_000)}` },
  ];
}

/** Header values that are not what the server expects. */
export const HEADER_ATTACKS: { name: string; headers: Record<string, string> }[] = [
  { name: 'accept-language garbage', headers: { 'accept-language': `${'x;q=9,'.repeat(2000)}` } },
  { name: 'authorization garbage', headers: { authorization: `Token ${'x'.repeat(10_000)}` } },
  { name: 'OAuth header garbage', headers: { authorization: 'OAuth oauth_consumer_key="%E0", x="%"' } },
  { name: 'Basic garbage', headers: { authorization: `Basic ${Buffer.from('%E0:%').toString('base64')}` } },
  { name: 'cookie garbage', headers: { cookie: `murmur_session=${'%'.repeat(3000)}; csrftoken=%E0%A4%A` } },
];

function fieldPaths(schema: JsonSchema, prefix: string[]): string[][] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, s]) => [
    [...prefix, key],
    ...(prefix.length === 0 && s.properties ? fieldPaths(s, [key]) : []),
  ]);
}

/** The body with `path` replaced by a raw JSON text (a placeholder is swapped after stringifying). */
function withRaw(base: object, path: string[], raw: string): string {
  const copy = structuredClone(base) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[path.at(-1)!] = '\u0001RAW\u0001';
  return JSON.stringify(copy).replace('"\\u0001RAW\\u0001"', raw);
}

function withStrings(value: unknown, change: (s: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((v) => withStrings(v, change));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStrings(v, change)]));
  return value;
}

/**
 * Operations that end the caller's own credentials (or account): signed in, the fuzz sends each with
 * a user of its own, signed in afresh, so that its main user stays signed in for the rest.
 */
export const ENDS_THE_CALLER: ReadonlySet<string> = new Set([
  'GET /rest-auth/logout/',
  'POST /rest-auth/logout/',
  'POST /api/user/credentials/revoke-others/',
  'POST /api/user/credentials/revoke-all/',
  'DELETE /api/user/credentials/sessions/{pk}/',
  'DELETE /api/user/credentials/tokens/{pk}/',
  'POST /api/user/delete-account/',
]);

/** The operation's URL with every path parameter naming something plausible (the team, else 1), or `value`. */
export function urlOf(op: Operation, teamId: number, value?: string): string {
  return op.path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => value ?? (name === 'slug' || name === 'team_id' ? String(teamId) : '1'),
  );
}
