// bench:live's check of the live index's whole shape against an index built from the export at the
// same instant, account by account (by X id), which the mix's 28 questions may not reach: a follow
// or a post lost, a column left as it was.
import { keptSlot } from '../../packages/engine/src/insights/post-summary';
import { csrRow } from '../../packages/engine/src/postings/csr';
import type { AudienceIndex } from '../../packages/engine/src/postings/audience-index';

type ColumnField = keyof AudienceIndex['columns'];

export interface ShapeDifferences {
  /** Accounts in both indexes. */
  accounts: number;
  /** Of those, how many differ in accounts followed, followers, posts, a categorical column. */
  following: number;
  followers: number;
  posts: number;
  columns: number;
  /** The categorical columns compared (language, country, device, …). */
  fields: ColumnField[];
  /**
   * Up to `show` accounts whose posts or columns differ: X id, and the posts only one index has or
   * each column's two values.
   */
  unlike: { id: string; what: string; posts?: string[] }[];
}

/** A column's value for account `n` (the two indexes number their terms apart). */
function valueOf(index: AudienceIndex, field: ColumnField, n: number): string {
  const cell = index.columns[field][n]!;
  return cell === 0 ? '' : index.terms.value(cell - 1);
}

/** The X ids of account `n`'s posts whose ids the index keeps (PostColumns.kept). */
function postIds(index: AudienceIndex, n: number): Set<string> {
  const { kept, ids } = index.posts;
  const out = new Set<string>();
  for (const p of csrRow(index.postsByAuthor, n)) {
    const slot = keptSlot(kept, p);
    out.add(slot >= 0 ? ids.get(slot) : `#${p} (id not kept)`);
  }
  return out;
}

/** Two accounts' posts, as `unlike` shows them: the counts, and the ids only one index has. */
function postsApart(live: AudienceIndex, n: number, built: AudienceIndex, s: number) {
  const [a, b] = [postIds(live, n), postIds(built, s)];
  const only = (x: Set<string>, y: Set<string>) => [...x].filter((id) => !y.has(id)).slice(0, 5);
  const [onlyLive, onlyBuilt] = [only(a, b), only(b, a)];
  return {
    what: `posts live ${a.size}, built ${b.size}; only live: [${onlyLive.join(', ')}], only built: [${onlyBuilt.join(', ')}]`,
    posts: [...onlyLive, ...onlyBuilt],
  };
}

/** `live` (a pinned version) against `built`; `liveAccount` finds an X id's number in `live`. */
export function shapeDifferences(
  live: AudienceIndex,
  built: AudienceIndex,
  liveAccount: (id: string) => number | undefined,
  show = 6,
): ShapeDifferences {
  const fields = Object.keys(built.columns) as ColumnField[];
  const out: ShapeDifferences = {
    accounts: 0,
    following: 0,
    followers: 0,
    posts: 0,
    columns: 0,
    fields,
    unlike: [],
  };
  const { present, accounts } = built;
  for (let s = 0; s < built.size; s++) {
    if ((present[s >>> 5]! & (1 << (s & 31))) === 0 || accounts.slot[s]! === 0) continue;
    const id = accounts.ids.get(accounts.slot[s]! - 1);
    const n = liveAccount(id);
    if (n === undefined) continue;
    out.accounts++;
    if (csrRow(live.following, n).length !== csrRow(built.following, s).length) out.following++;
    if (live.followers.count(n) !== built.followers.count(s)) out.followers++;
    if (csrRow(live.postsByAuthor, n).length !== csrRow(built.postsByAuthor, s).length) {
      out.posts++;
      if (out.unlike.length < show) out.unlike.push({ id, ...postsApart(live, n, built, s) });
    }
    const columns = fields.filter((f) => valueOf(live, f, n) !== valueOf(built, f, s));
    if (columns.length === 0) continue;
    out.columns++;
    if (out.unlike.length < show)
      out.unlike.push({
        id,
        what: columns
          .map((f) => `${f} live "${valueOf(live, f, n)}", built "${valueOf(built, f, s)}"`)
          .join('; '),
      });
  }
  return out;
}
