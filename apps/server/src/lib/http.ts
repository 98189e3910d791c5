import { errorBodySchema } from '@murmur/core/api';

/** Error responses of a route for the OpenAPI document; bodies are the SPEC §8 shapes. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S[number],
    typeof errorBodySchema
  >;
}
