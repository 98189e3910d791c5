import { CATEGORICAL_FIELDS, type CategoricalField } from '../index/fields';
import { RowBuilder } from '../index/row-builder';
import type { TermTable } from '../index/term-table';
import type { AccountRecord } from '../parse/records';
import { tokenise } from '../text/tokenise';
import { StringColumn } from '../util/string-column';
import { categoricalValues } from './categorical-values';
import { Deduper } from './dedupe';

const count = (v: unknown): number => (typeof v === 'number' && v >= 0 ? Math.min(v, 0xffffffff) : 0);

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
  readonly ids = new StringColumn();
  readonly handles = new StringColumn();
  readonly names = new StringColumn();
  readonly bios = new StringColumn();
  readonly profile = new RowBuilder(1 << 16);
  private readonly distinct = new Deduper();
  private readonly bioWordId: (value: string) => number;
  private readonly addBioWord = (token: string): void => this.distinct.add(this.bioWordId(token));

  constructor(
    private readonly terms: TermTable,
    expected: number,
  ) {
    this.bioWordId = terms.idOf('bioWord');
    this.capacity = Math.max(16, expected);
    const c = this.capacity;
    this.present = new Uint8Array(c);
    this.columns = Object.fromEntries(
      CATEGORICAL_FIELDS.map((f) => [f, new Uint32Array(c)]),
    ) as typeof this.columns;
    [this.followers, this.following, this.posts, this.slot] = [0, 0, 0, 0].map(() => new Uint32Array(c)) as [
      Uint32Array,
      Uint32Array,
      Uint32Array,
      Uint32Array,
    ];
    this.flags = new Uint8Array(c);
  }

  add(r: AccountRecord): void {
    const n = r.n;
    if (n >= this.capacity) this.grow(n + 1);
    if (this.present[n] === 0) this.count++;
    this.present[n] = 1;
    this.slot[n] = this.ids.push(String(r.id ?? '')) + 1;
    this.handles.push(r.handle ?? '');
    this.names.push(r.name ?? '');
    this.bios.push(r.bio ?? '');
    const values = categoricalValues(r);
    for (const field of CATEGORICAL_FIELDS) {
      const value = values[field];
      this.columns[field][n] = value ? this.terms.id(field, value) + 1 : 0;
    }
    this.followers[n] = count(r.followers);
    this.following[n] = count(r.following);
    this.posts[n] = count(r.posts);
    this.flags[n] = (r.verified === true ? 1 : 0) | (r.protected === true ? 2 : 0);
    this.profile.set(n, this.profileTerms(r));
  }

  private profileTerms(r: AccountRecord): number[] {
    const ids = this.distinct.begin();
    this.addValues('interest', r.interests);
    this.addValues('topic', r.topics);
    this.addValues('movie', r.movies);
    if (typeof r.bio === 'string' && r.bio) tokenise(r.bio, this.addBioWord);
    return ids;
  }

  private addValues(field: 'interest' | 'topic' | 'movie', values: unknown): void {
    if (!Array.isArray(values)) return;
    for (const v of values) if (v !== null && v !== '') this.distinct.add(this.terms.id(field, String(v)));
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
    [this.followers, this.following, this.posts, this.slot] = [
      this.followers,
      this.following,
      this.posts,
      this.slot,
    ].map(grow32) as [Uint32Array, Uint32Array, Uint32Array, Uint32Array];
    this.present = grow8(this.present);
    this.flags = grow8(this.flags);
    this.capacity = c;
  }
}
