import { csrRow } from '../model/csr';
import type { Network } from '../network';
import { listText } from '../text/list-text';

/** One list as the API sees it. */
export interface ListView {
  owner: number;
  /** Unix seconds. */
  created: number;
  name: string;
  description: string;
  private: boolean;
  members: readonly number[];
}

interface EditedList extends ListView {
  members: number[];
}

/** X's snowflake epoch in ms (list ids are snowflakes of their creation time). */
const TWEPOCH = 1288834974657n;

/**
 * The network's lists as they are now: the generated ones (fixed CSR rows in `net.lists`) plus the
 * changes made through the X API (create, rename, delete, add or remove members). A list that is
 * touched is copied out of the CSR once; untouched lists cost nothing, so a million-account network
 * keeps its compact rows. List numbers only grow, so a deleted list's number is never reused.
 */
export class LiveLists {
  private readonly edited = new Map<number, EditedList>();
  private readonly deleted = new Set<number>();
  private size: number;
  private owned: Map<number, number[]> | null = null;
  private listed: Int32Array | null = null;

  constructor(private readonly net: Network) {
    this.size = net.lists.count;
  }

  /** Number of list slots, deleted ones included (use `exists`). */
  get count(): number {
    return this.size;
  }

  /** Number of lists that exist now. */
  get live(): number {
    return this.size - this.deleted.size;
  }

  exists(l: number): boolean {
    return Number.isInteger(l) && l >= 0 && l < this.size && !this.deleted.has(l);
  }

  get(l: number): ListView {
    const edited = this.edited.get(l);
    if (edited) return edited;
    const { lists } = this.net;
    const text = listText(this.net, l);
    return {
      owner: lists.owner[l]!,
      created: lists.created[l]!,
      name: text.name,
      description: text.description,
      private: lists.private[l] === 1,
      members: Array.from(csrRow(lists.members, l)),
    };
  }

  /** X-like id: a snowflake of the creation time with the list number in the low 22 bits. */
  id(l: number): string {
    const created = l < this.net.lists.count ? this.net.lists.created[l]! : this.get(l).created;
    return (((BigInt(created) * 1000n - TWEPOCH) << 22n) | BigInt(l & 0x3fffff)).toString();
  }

  /** The list number for an id, or -1 (the low bits name the list; the whole id must match). */
  byId(id: string): number {
    if (!/^[0-9]{1,19}$/.test(id)) return -1;
    const l = Number(BigInt(id) & 0x3fffffn);
    return this.exists(l) && this.id(l) === id ? l : -1;
  }

  create(owner: number, name: string, description: string, isPrivate: boolean): number {
    const l = this.size++;
    this.edited.set(l, {
      owner,
      created: this.net.clock.now,
      name,
      description,
      private: isPrivate,
      members: [],
    });
    const owned = this.ownedIndex();
    owned.set(owner, [...(owned.get(owner) ?? []), l]);
    return l;
  }

  update(l: number, patch: Partial<Pick<ListView, 'name' | 'description' | 'private'>>): void {
    Object.assign(this.edit(l), patch);
  }

  remove(l: number): void {
    for (const member of this.get(l).members) this.listedCounts()[member]!--;
    this.deleted.add(l);
    this.edited.delete(l);
  }

  /** Adds a member; false when it already is one. */
  addMember(l: number, account: number): boolean {
    const row = this.edit(l);
    if (row.members.includes(account)) return false;
    row.members.push(account);
    this.listedCounts()[account]!++;
    return true;
  }

  removeMember(l: number, account: number): boolean {
    const row = this.edit(l);
    const at = row.members.indexOf(account);
    if (at < 0) return false;
    row.members.splice(at, 1);
    this.listedCounts()[account]!--;
    return true;
  }

  /** Lists `account` owns, oldest first. */
  ownedBy(account: number): number[] {
    return (this.ownedIndex().get(account) ?? []).filter((l) => this.exists(l));
  }

  /** How many lists include `account` (X's listed_count). */
  listedCount(account: number): number {
    return this.listedCounts()[account]!;
  }

  private edit(l: number): EditedList {
    let row = this.edited.get(l);
    if (!row) {
      const base = this.get(l);
      row = { ...base, members: [...base.members] };
      this.edited.set(l, row);
    }
    return row;
  }

  private ownedIndex(): Map<number, number[]> {
    if (!this.owned) {
      this.owned = new Map();
      const { owner, count } = this.net.lists;
      for (let l = 0; l < count; l++) {
        const row = this.owned.get(owner[l]!);
        if (row) row.push(l);
        else this.owned.set(owner[l]!, [l]);
      }
    }
    return this.owned;
  }

  private listedCounts(): Int32Array {
    // Accounts born since have no list memberships yet: room for them.
    if (this.listed && this.listed.length < this.net.accounts.count) {
      const grown = new Int32Array(this.net.accounts.count);
      grown.set(this.listed);
      this.listed = grown;
    }
    if (!this.listed) {
      this.listed = new Int32Array(this.net.accounts.count);
      for (const member of this.net.lists.members.values) this.listed[member]!++;
    }
    return this.listed;
  }
}

const live = new WeakMap<Network, LiveLists>();

/** The network's lists including the API's changes (one LiveLists per network). */
export function liveLists(net: Network): LiveLists {
  let lists = live.get(net);
  if (!lists) {
    lists = new LiveLists(net);
    live.set(net, lists);
  }
  return lists;
}
