import type { FastifySchemaCompiler } from 'fastify';
import { buildAudienceSchema, parseBuildAudienceFast } from '@murmur/core/api';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** A request part (body, querystring, params) that failed its zod schema. */
export class RequestValidationError extends Error {
  /** Set by fastify: which part of the request failed. */
  validationContext?: string;
  constructor(readonly issues: Issue[]) {
    super('Request validation failed');
  }
}

// Lower precedence than messages written into the schemas (e.g. SPEC §5's email message), so it only
// replaces zod's generic "expected string, received undefined" with Django REST framework's wording.
const requiredField: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input === undefined && (issue.path?.length ?? 0) > 0
    ? 'This field is required.'
    : undefined;

/**
 * Like fastify-type-provider-zod's compiler, but keeps the zod issues so that the error handler can
 * build `{field: [messages]}` bodies (SPEC §8).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  const fast = FAST_PARSES.get(schema);
  return (data) => {
    if (fast) {
      const value = fast(data);
      if (value !== undefined) return { value };
    }
    // Parsed without parameters first: zod's compiled fast path for objects runs only then (a
    // parse with an error map took twice as long, on every request with a body; the serving path). The
    // messages are made by a second parse of the input that failed.
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const failed = schema.safeParse(data, { error: requiredField });
    return { error: new RequestValidationError((failed.error ?? result.error).issues) };
  };
};

/**
 * Schemas with a parse of their own for the serving path: the value zod would give, or undefined
 * (anything it does not cover or zod would refuse), and zod then parses as for any other schema, so
 * errors keep their messages. The estimate's body: its zod parse was ~4 KB of garbage a request.
 */
const FAST_PARSES = new Map<unknown, (data: unknown) => unknown>([
  [buildAudienceSchema, parseBuildAudienceFast],
]);

/** DRF's shape: the top-level field name → its messages; problems with the body as a whole → non_field_errors. */
export function fieldErrors(issues: Issue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const [head] = issue.path;
    const field = head === undefined ? 'non_field_errors' : String(head);
    const message =
      head === undefined && issue.code === 'invalid_type'
        ? 'Invalid data. Expected a JSON object.'
        : issue.message;
    const messages = (fields[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return fields;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in the input would fail deep in a query. It is
 * refused up front with DRF's message, under the top-level field that carries it.
 */
export function nullCharacterErrors(value: unknown): Record<string, string[]> | undefined {
  if (typeof value === 'string') return hasNul(value) ? { non_field_errors: [NUL_MESSAGE] } : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = Object.entries(value)
    .filter(([key, v]) => key.includes('\u0000') || hasNul(v))
    .map(([key]): [string, string[]] => [key.replaceAll('\u0000', ''), [NUL_MESSAGE]]);
  return fields.length > 0 ? Object.fromEntries(fields) : undefined;
}

/** Whether a NUL is in any string or key of a value: a loop over a stack, so depth cannot overflow it. */
function hasNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const x of v as unknown[]) pending.push(x); // not push(...v): spreading 500 000 items overflows
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        pending.push(x);
      }
    }
  }
  return false;
}

const NUL_MESSAGE = 'Null characters are not allowed.';
