import { EMPTY_POSTING, type Posting } from '../bits/posting';

/**
 * Entries past which a log keeps its accounts' membership in a Map; below, an account's is read back
 * from its entries. Most logs are one account's followers changed by a follow or two (~10 000 new logs
 * a day at a million accounts, 20 events per 1 000 accounts): a Map each was most of a log's heap,
 * and the heap every full collection marks grew by it until the next compaction.
 */
const SCANNED = 16;

/** One term's (or one account's followers') changes since the last compaction, oldest first. */
export class TermLog {
  /** Version that made each change (non-decreasing). */
  readonly ver: number[] = [];
  /** Account × 2 + 1 for an addition, account × 2 for a removal; every entry flips membership. */
  readonly ent: number[] = [];
  /** The posting's count after each entry. */
  readonly cnt: number[] = [];
  /** Membership now, for the accounts changed, once there are more than SCANNED entries. */
  private byAccount: Map<number, boolean> | undefined;
  /** The posting after the first `memoI` entries (the last one a query asked for). */
  memoI = 0;
  memo: Posting = EMPTY_POSTING;
  /** The last version that wrote an entry (to list each term once per version in the history). */
  lastVer = -1;

  /** Account `n`'s membership now per the log; undefined when no entry names it (the base decides). */
  stateOf(n: number): boolean | undefined {
    if (this.byAccount) return this.byAccount.get(n);
    const { ent } = this;
    const removed = n * 2;
    for (let i = ent.length - 1; i >= 0; i--) {
      if (ent[i] === removed) return false;
      if (ent[i] === removed + 1) return true;
    }
    return undefined;
  }

  /** Appends an entry of version `ver` (`entry` as in `ent`) after which the posting counts `count`. */
  push(ver: number, entry: number, count: number): void {
    this.ver.push(ver);
    this.ent.push(entry);
    this.cnt.push(count);
    if (this.byAccount) this.byAccount.set(Math.floor(entry / 2), entry % 2 === 1);
    else if (this.ent.length > SCANNED) {
      this.byAccount = new Map();
      for (const e of this.ent) this.byAccount.set(Math.floor(e / 2), e % 2 === 1);
    }
  }
}
