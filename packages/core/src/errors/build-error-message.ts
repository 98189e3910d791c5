import { fieldLabel } from '../validation/field-label';

/**
 * SPEC §8: the message shown for an error response body.
 * - a string as is; a list joined by ", ";
 * - a `detail` or `errors` field used recursively;
 * - otherwise each field as "Capitalised name: message", joined by ".\n";
 *   `non_field_errors` shows its message without the prefix; nested objects recurse.
 * A field's own trailing full stop is dropped before the ".\n" joiner so that Django REST
 * framework's "This field is required." does not end up as "required..".
 * `label` names a field for the prefix (the interface language's name; SPEC §5's default otherwise).
 */
export function buildErrorMessage(body: unknown, label: (key: string) => string = fieldLabel): string {
  const build = (value: unknown) => buildErrorMessage(value, label);
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (typeof body === 'number' || typeof body === 'boolean' || typeof body === 'bigint') return String(body);
  // SPEC §8: lists joined by commas.
  if (Array.isArray(body)) return body.map(build).filter(Boolean).join(', ');
  if (typeof body !== 'object') return '';

  const record = body as Record<string, unknown>;
  // SPEC §8: a detail or errors field used recursively.
  if (record.detail !== undefined && record.detail !== null) return build(record.detail);
  if (record.errors !== undefined && record.errors !== null) return build(record.errors);

  const parts = Object.entries(record).flatMap(([key, value]) => {
    const message = build(value);
    if (!message) return [];
    // SPEC §8: non_field_errors shows its message without prefix.
    return [key === 'non_field_errors' ? message : `${label(key)}: ${message}`];
  });
  // SPEC §8: joined by a full stop and newline.
  // A Japanese sentence keeps its own 。 and gets only the newline.
  const ended = (part: string) => (part.endsWith('。') ? part : `${part.replace(/\.+$/, '')}.`);
  return parts.map((part, i) => (i < parts.length - 1 ? ended(part) : part)).join('\n');
}
