import type { AccountSummary } from '@murmur/core/insights';
import { AccountFlag, type AudienceIndex } from '../postings/audience-index';

export function accountSummary(index: AudienceIndex, n: number): AccountSummary {
  const a = index.accounts;
  const slot = a.slot[n] ?? 0;
  return {
    account: n,
    id: slot ? a.ids.get(slot - 1) : '',
    handle: slot ? a.handles.get(slot - 1) : '',
    name: slot ? a.names.get(slot - 1) : '',
    followers: a.followers[n] ?? 0,
    verified: ((a.flags[n] ?? 0) & AccountFlag.verified) !== 0,
  };
}

/** The account's bio (sample accounts show it). */
export function accountBio(index: AudienceIndex, n: number): string {
  const slot = index.accounts.slot[n] ?? 0;
  return slot ? index.accounts.bios.get(slot - 1) : '';
}
