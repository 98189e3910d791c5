import { CATEGORICAL_FIELDS, type CategoricalField } from '../postings/fields';
import { RowBuilder } from '../postings/row-builder';
import type { TermTable } from '../postings/term-table';
import type { AccountRecord } from '../parse/records';
import { sampleKeyOf } from '../postings/sample-key';
import { StringColumn } from '../util/string-column';
import { AccountTerms } from './account-terms';
import { countOf } from './post-terms';

/** An account as the builder stores it (`place`), whether folded on this thread or by a parse worker. */
export interface FoldedAccount {
  n: number;
  id: string;
  handle: string;
  name: string;
  bio: string;
  /** Term id + 1 per categorical field (CATEGORICAL_FIELDS order), 0 for none. */
  cells: ArrayLike<number>;
  followers: number;
  following: number;
  posts: number;
  flags: number;
  profile: ArrayLike<number>;
}

/** Streams account records into typed columns, string columns and profile-term rows. */
export class AccountBuilder {
  capacity: number;
  count = 0;
  present: Uint8Array;
  columns: Record<CategoricalField, Uint32Array>;
  followers: Uint32Array;
  following: Uint32Array;
  posts: Uint32Array;
  flags: Uint8Array;
  slot: Uint32Array;
  /** AccountColumns.sampleKey of the accounts placed (0 for the others: finalise keys them by number). */
  sampleKey: Uint32Array;
  readonly ids = new StringColumn();
  readonly handles = new StringColumn();
  readonly names = new StringColumn();
  readonly bios = new StringColumn();
  readonly profile = new RowBuilder(1 << 16);
  private readonly termsOf: AccountTerms;

  constructor(terms: TermTable, expected: number) {
    this.termsOf = new AccountTerms(terms);
    this.capacity = Math.max(16, expected);
    const c = this.capacity;
    this.present = new Uint8Array(c);
    this.columns = Object.fromEntries(
      CATEGORICAL_FIELDS.map((f) => [f, new Uint32Array(c)]),
    ) as typeof this.columns;
    [this.followers, this.following, this.posts, this.slot, this.sampleKey] = [0, 0, 0, 0, 0].map(
      () => new Uint32Array(c),
    ) as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];
    this.flags = new Uint8Array(c);
  }

  add(r: AccountRecord): void {
    const profile = this.termsOf.of(r);
    this.place({
      n: r.n,
      id: String(r.id ?? ''),
      handle: r.handle ?? '',
      name: r.name ?? '',
      bio: r.bio ?? '',
      cells: this.termsOf.cells,
      followers: countOf(r.followers),
      following: countOf(r.following),
      posts: countOf(r.posts),
      flags: (r.verified === true ? 1 : 0) | (r.protected === true ? 2 : 0),
      profile,
    });
  }

  /** Stores one account; term ids are this builder's table's. */
  place(a: FoldedAccount): void {
    const n = a.n;
    if (n >= this.capacity) this.grow(n + 1);
    if (this.present[n] === 0) this.count++;
    this.present[n] = 1;
    this.slot[n] = this.ids.push(a.id) + 1;
    this.sampleKey[n] = sampleKeyOf(n, a.id);
    this.handles.push(a.handle);
    this.names.push(a.name);
    this.bios.push(a.bio);
    for (let i = 0; i < CATEGORICAL_FIELDS.length; i++) this.columns[CATEGORICAL_FIELDS[i]!][n] = a.cells[i]!;
    this.followers[n] = a.followers;
    this.following[n] = a.following;
    this.posts[n] = a.posts;
    this.flags[n] = a.flags;
    this.profile.set(n, a.profile);
  }

  private grow(min: number): void {
    const c = Math.max(min, this.capacity * 2);
    const grow32 = (a: Uint32Array) => {
      const b = new Uint32Array(c);
      b.set(a);
      return b;
    };
    const grow8 = (a: Uint8Array) => {
      const b = new Uint8Array(c);
      b.set(a);
      return b;
    };
    for (const f of CATEGORICAL_FIELDS) this.columns[f] = grow32(this.columns[f]);
    [this.followers, this.following, this.posts, this.slot, this.sampleKey] = [
      this.followers,
      this.following,
      this.posts,
      this.slot,
      this.sampleKey,
    ].map(grow32) as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];
    this.present = grow8(this.present);
    this.flags = grow8(this.flags);
    this.capacity = c;
  }
}
