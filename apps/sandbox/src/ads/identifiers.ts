import { createHash } from 'node:crypto';
import type { Network } from '../network';

/** The identifier kinds a custom audience upload may carry that the sandbox can match. */
export type IdentifierKind = 'twitter_id' | 'handle' | 'email';
export const IDENTIFIER_KINDS: readonly IdentifierKind[] = ['twitter_id', 'handle', 'email'];

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The e-mail address a sandbox account "signed up with", so advertisers can test e-mail list
 * uploads. example.com-style reserved domain: it can never reach a real mailbox.
 */
export const sandboxEmail = (handle: string): string => `${handle.toLowerCase()}@sandbox.example`;

/**
 * X's normalisation before hashing: e-mails trimmed and lower-cased; handles lower-cased without
 * the leading @; user ids as their decimal digits.
 */
export function normaliseIdentifier(kind: IdentifierKind, raw: string): string {
  const trimmed = raw.trim().toLowerCase();
  return kind === 'handle' ? trimmed.replace(/^@/, '') : trimmed;
}

/** SHA-256 of the normalised identifier, as an advertiser's upload would carry it. */
export const hashIdentifier = (kind: IdentifierKind, raw: string): string =>
  sha256Hex(normaliseIdentifier(kind, raw));

/**
 * Hash → account number, built per kind on first use (a million SHA-256s take a few seconds, and
 * most sandboxes never receive an upload of a given kind).
 */
export class IdentifierIndex {
  private readonly maps = new Map<IdentifierKind, Map<string, number>>();

  constructor(private readonly network: Network) {}

  find(kind: IdentifierKind, hash: string): number | undefined {
    return this.mapOf(kind).get(hash.toLowerCase());
  }

  private mapOf(kind: IdentifierKind): Map<string, number> {
    let map = this.maps.get(kind);
    if (map) return map;
    map = new Map();
    const { ids, handles, count } = this.network.accounts;
    for (let i = 0; i < count; i++) {
      const raw =
        kind === 'twitter_id'
          ? ids[i]!.toString()
          : kind === 'handle'
            ? handles[i]!
            : sandboxEmail(handles[i]!);
      map.set(hashIdentifier(kind, raw), i);
    }
    this.maps.set(kind, map);
    return map;
  }
}
