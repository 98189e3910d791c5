import { formatLargeNumber } from '../../../lib/large-number';
import { formatAffinity, formatShare } from '@/components/charts/format';
import type { AccountSummary, PostSummary, Share } from '../types';

/** A distribution as tab-separated lines (pastes into a spreadsheet): value, share, affinity. */
export const sharesText = (
  shares: readonly Share[] | undefined,
  labelOf: (s: Share) => string = (s) => s.label,
) =>
  (shares ?? [])
    .map((s) => `${labelOf(s)}\t${formatShare(s.share)}\t${formatAffinity(s.affinity)}`)
    .join('\n');

/** Accounts as lines: @handle, name, and an optional figure. */
export const accountsText = <A extends AccountSummary>(
  accounts: readonly A[] | undefined,
  figure?: (account: A) => string,
) =>
  (accounts ?? [])
    .map((a) => [`@${a.handle}`, a.name, figure?.(a)].filter((v) => v !== undefined).join('\t'))
    .join('\n');

/** Posts as paragraphs: author, counts and text. */
export const postsText = (posts: readonly PostSummary[] | undefined) =>
  (posts ?? [])
    .map(
      (p) =>
        `@${p.author.handle}\t♥ ${formatLargeNumber(p.likes)}\t↻ ${formatLargeNumber(p.reposts)}\n${p.text}`,
    )
    .join('\n\n');
