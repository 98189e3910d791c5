// The web's route map (@murmur/core/api's ApiRoutes), written from the server's OpenAPI document
// so that a route is declared once: its Fastify route and zod schemas (docs/decisions/001-route-types.md).
// The document's schemas come from zod through fastify-type-provider-zod (OpenAPI 3.0: `nullable`,
// no `$ref`); the emitter turns the JSON Schema keywords that carry a TypeScript type into one and
// throws on any other shape, so a schema it cannot express stops the generator instead of becoming
// `unknown` unnoticed.

/** The subset of an OpenAPI 3.0 schema object that decides a TypeScript type. */
export interface JsonSchema {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  description?: string;
  [keyword: string]: unknown;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
  description?: string;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  summary?: string;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Keywords that only constrain values (lengths, ranges, formats…) or document them: no type of their own. */
const VALUE_ONLY = new Set([
  'description',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  'title',
  'examples',
  'example',
]);

const indent = (text: string, by = '  ') => text.replace(/\n/g, `\n${by}`);
const comment = (text: string | undefined, pad: string) =>
  text ? `${pad}/** ${text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */\n` : '';
const propertyName = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
/** A union without members another one covers (`string | ""` is `string`; `unknown` is everything). */
function union(types: string[]): string {
  const set = new Set(types);
  if (set.has('unknown')) return 'unknown';
  const covered = (t: string) =>
    (set.has('string') && t.startsWith('"')) ||
    (set.has('number') && /^-?\d/.test(t)) ||
    (set.has('boolean') && (t === 'true' || t === 'false'));
  return [...set].filter((t) => !covered(t)).join(' | ');
}

/** A JSON Schema (as fastify-type-provider-zod writes it) as a TypeScript type. */
export function typeOf(schema: JsonSchema, at: string): string {
  const unknownKeywords = Object.keys(schema).filter(
    (k) =>
      !VALUE_ONLY.has(k) &&
      ![
        'type',
        'nullable',
        'enum',
        'properties',
        'required',
        'additionalProperties',
        'items',
        'anyOf',
      ].includes(k),
  );
  if (unknownKeywords.length > 0)
    throw new Error(
      `${at}: JSON Schema keyword(s) ${unknownKeywords.join(', ')} have no TypeScript form here`,
    );
  const nullable = schema.nullable === true ? ['null'] : [];

  if (schema.enum)
    return union([...schema.enum.map((v) => (v === null ? 'null' : JSON.stringify(v))), ...nullable]);
  if (schema.anyOf) {
    const members = schema.anyOf.map((s, i) => typeOf(s, `${at}.anyOf[${i}]`));
    return union([...members.map((m) => (m.includes('\n') || m.includes('|') ? `(${m})` : m)), ...nullable]);
  }
  switch (schema.type) {
    case undefined:
      if (schema.properties || schema.items)
        throw new Error(`${at}: a schema with properties or items but no type`);
      return 'unknown'; // z.unknown(), z.any() or a schema with no JSON form: null included
    case 'string':
    case 'boolean':
    case 'null':
      return union([schema.type, ...nullable]);
    case 'integer':
    case 'number':
      return union(['number', ...nullable]);
    case 'array': {
      if (!schema.items) return union(['unknown[]', ...nullable]);
      const item = typeOf(schema.items, `${at}[]`);
      return union([/^[\w.]+$/.test(item) ? `${item}[]` : `Array<${item}>`, ...nullable]);
    }
    case 'object':
      return union([objectType(schema, at), ...nullable]);
    default:
      throw new Error(`${at}: JSON Schema type ${String(schema.type)} has no TypeScript form here`);
  }
}

function objectType(schema: JsonSchema, at: string): string {
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(
    ([name, property]) =>
      `${comment(property.description, '  ')}  ${propertyName(name)}${required.has(name) ? '' : '?'}: ${indent(typeOf(property, `${at}.${name}`))};`,
  );
  const extra = schema.additionalProperties;
  // A record (z.record) or a catch-all: any other key holds this. `false` or absent: the listed keys only.
  if (extra === true || (typeof extra === 'object' && Object.keys(extra).length === 0))
    lines.push('  [key: string]: unknown;');
  else if (typeof extra === 'object') {
    const value = typeOf(extra, `${at}[key]`);
    // Listed keys must fit an index signature's type; with both, the signature widens to unknown.
    lines.push(`  [key: string]: ${lines.length > 0 ? 'unknown' : indent(value)};`);
  }
  return lines.length === 0 ? 'Record<string, never>' : `{\n${lines.join('\n')}\n}`;
}

/** Parameters of one place (path or query) as an object type. */
function parametersType(parameters: Parameter[], where: 'path' | 'query', at: string): string | undefined {
  const listed = parameters.filter((p) => p.in === where);
  if (listed.length === 0) return undefined;
  const lines = listed.map((p) => {
    const schema = p.schema ?? {};
    let type = typeOf(schema, `${at} ${where} ${p.name}`);
    // A path segment is text on the wire and the server's schema parses it (coerces a number), so a
    // screen may pass the id it holds as either.
    if (where === 'path' && (schema.type === 'integer' || schema.type === 'number')) type = 'number | string';
    const optional = where === 'path' || p.required === true ? '' : '?';
    return `${comment(p.description ?? schema.description, '  ')}  ${propertyName(p.name)}${optional}: ${indent(type)};`;
  });
  return `{\n${lines.join('\n')}\n}`;
}

/** What a success status answers: JSON as its schema says; 204 nothing; another media type its text. */
function responseType(operation: Operation, at: string): string {
  const statuses = Object.keys(operation.responses ?? {}).filter((s) => /^2\d\d$/.test(s));
  if (statuses.length === 0) throw new Error(`${at}: no success status declared`);
  return union(
    statuses.map((status) => {
      if (status === '204') return 'void';
      const content = operation.responses?.[status]?.content ?? {};
      const json = content['application/json']?.schema;
      if (json) return typeOf(json, `${at} ${status}`);
      // Without a schema fastify-type-provider-zod's serializer checks nothing (SPEC §8 shapes unenforced).
      if (Object.keys(content).length === 0) throw new Error(`${at} ${status}: no response schema declared`);
      // lib/request.ts reads any other media type (an SVG icon, a PDF) as its text.
      return 'string';
    }),
  );
}

/** "/api/teams/{slug}/" → "/api/teams/:slug/" (the server's and lib/request.ts's placeholder syntax). */
export const colonPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const HEADER = `// Generated by \`npm run generate:api\` from the server's OpenAPI document (the same one /api/docs
// serves, built from each route's zod schemas): do not edit. A route is declared once, on the server;
// \`npm run generate:api -- --check\` fails when this file is stale (docs/decisions/001-route-types.md).
`;

/** The TypeScript source of the route map: "METHOD /path/:param/" → params, query, body, response. */
export function routeMapSource(document: OpenApiDocument): string {
  const entries: string[] = [];
  const paths = Object.keys(document.paths).sort();
  for (const path of paths) {
    for (const method of METHODS) {
      const operation = document.paths[path]?.[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${colonPath(path)}`;
      const fields: string[] = [];
      const parameters = operation.parameters ?? [];
      const params = parametersType(parameters, 'path', key);
      if (params) fields.push(`params: ${params};`);
      const query = parametersType(parameters, 'query', key);
      if (query) fields.push(`query: ${query};`);
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (body) fields.push(`body: ${typeOf(body, `${key} body`)};`);
      fields.push(`response: ${responseType(operation, key)};`);
      entries.push(
        `${comment(operation.summary, '  ')}  ${JSON.stringify(key)}: {\n${fields.map((f) => `    ${indent(f, '    ')}`).join('\n')}\n  };`,
      );
    }
  }
  return `${HEADER}
/** Every route of the API: its key is "METHOD path" (\`:param\` placeholders), its value what it takes and answers. */
export interface ApiRoutes {
${entries.join('\n')}
}

export type ApiRouteKey = keyof ApiRoutes;
`;
}
