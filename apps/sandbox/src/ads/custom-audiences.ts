import { IDENTIFIER_KINDS, type IdentifierIndex } from './identifiers';
import type { CustomAudience } from './types';

/** X's audience API: at most 2 500 users per operation. */
export const MAX_USERS_PER_OPERATION = 2500;
/** X's rule: an audience serves only once at least 100 of its users are matched. */
export const MIN_TARGETABLE_USERS = 100;

export type OperationType = 'Update' | 'Delete';

export interface AudienceOperation {
  type: OperationType;
  effectiveAt: number | null;
  expiresAt: number | null;
  /** Each user: identifier kind → SHA-256 hashes (X accepts several identifiers per user). */
  users: Record<string, unknown>[];
}

const SHA256 = /^[0-9a-f]{64}$/i;
const isHash = (value: unknown): value is string => typeof value === 'string' && SHA256.test(value);

export interface UploadResult {
  successCount: number;
  totalCount: number;
}

/**
 * Applies X's batch operations in order: Update adds (or renews) every matched account with its
 * effective/expiry window, Delete removes it. A user counts as a success when it carried at least one
 * well-formed hash; whether that hash matches a sandbox account shows only in audience_size, as on
 * X, which never says who matched. Any upload restarts processing.
 */
export function applyOperations(
  audience: CustomAudience,
  operations: readonly AudienceOperation[],
  index: IdentifierIndex,
  now: number,
  processingSeconds: number,
): UploadResult {
  const result: UploadResult = { successCount: 0, totalCount: 0 };
  for (const operation of operations) {
    for (const user of operation.users) {
      result.totalCount++;
      const found = new Set<number>();
      for (const kind of IDENTIFIER_KINDS) {
        const hashes = user[kind];
        if (!Array.isArray(hashes)) continue;
        for (const hash of hashes) {
          const account = isHash(hash) ? index.find(kind, hash) : undefined;
          if (account !== undefined) found.add(account);
        }
      }
      // Kinds the sandbox cannot match (device ids, phone numbers) still count as received.
      const wellFormed = Object.values(user).some((v) => Array.isArray(v) && v.some(isHash));
      if (wellFormed) result.successCount++;
      for (const account of found) {
        if (operation.type === 'Delete') audience.members.delete(account);
        else
          audience.members.set(account, {
            from: operation.effectiveAt ?? now,
            until: operation.expiresAt ?? Number.POSITIVE_INFINITY,
          });
      }
    }
  }
  audience.processingUntil = now + processingSeconds;
  audience.updatedAt = now;
  return result;
}

/** Members whose window covers `now`. */
export function activeMembers(audience: CustomAudience, now: number): number[] {
  const out: number[] = [];
  for (const [account, { from, until }] of audience.members)
    if (from <= now && now < until) out.push(account);
  return out;
}

export interface AudienceState {
  size: number;
  targetable: boolean;
  reasonsNotTargetable: ('PROCESSING' | 'TOO_SMALL')[];
}

export function audienceState(audience: CustomAudience, now: number): AudienceState {
  const size = activeMembers(audience, now).length;
  const reasons: AudienceState['reasonsNotTargetable'] = [];
  if (now < audience.processingUntil) reasons.push('PROCESSING');
  if (size < MIN_TARGETABLE_USERS) reasons.push('TOO_SMALL');
  return { size, targetable: reasons.length === 0, reasonsNotTargetable: reasons };
}
