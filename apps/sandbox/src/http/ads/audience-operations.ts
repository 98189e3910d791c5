import { MAX_USERS_PER_OPERATION, type AudienceOperation } from '../../ads/custom-audiences';
import { InvalidInput } from '../../ads/invalid-input';
import { parseTime } from './params';

/** Reads X's JSON body `[{ operation_type, params: { effective_at?, expires_at?, users } }]`. */
export function parseOperations(body: unknown): AudienceOperation[] {
  if (!Array.isArray(body) || body.length === 0)
    throw new InvalidInput('Expected a non-empty JSON array of operations', 'operation_type');
  return body.map((raw: unknown, k) => {
    const op = (raw ?? {}) as { operation_type?: unknown; params?: Record<string, unknown> };
    if (op.operation_type !== 'Update' && op.operation_type !== 'Delete')
      throw new InvalidInput(`operation_type must be Update or Delete (operation ${k})`, 'operation_type');
    const params = op.params ?? {};
    const users = params.users;
    if (!Array.isArray(users) || users.length === 0)
      throw new InvalidInput(`params.users must be a non-empty array (operation ${k})`, 'users');
    if (users.length > MAX_USERS_PER_OPERATION)
      throw new InvalidInput(
        `At most ${MAX_USERS_PER_OPERATION} users per operation, got ${users.length}`,
        'users',
      );
    const time = (name: 'effective_at' | 'expires_at'): number | null => {
      const value = params[name];
      return typeof value === 'string' ? parseTime(value, name) : null;
    };
    return {
      type: op.operation_type,
      effectiveAt: time('effective_at'),
      expiresAt: time('expires_at'),
      users: users.map((u: unknown) => (u && typeof u === 'object' ? (u as Record<string, unknown>) : {})),
    };
  });
}
