import { FIELDS, fieldIndex, type Field } from './fields';

export interface TermTableParts {
  readonly values: readonly string[];
  readonly fields: Uint8Array;
  /** `firstSeen`, when the table has it (a shard's). */
  readonly firstSeen?: Float64Array;
  /** `liveFrom`, when the table has it (a live index's). */
  readonly liveFrom?: number;
}

/** Code-unit order of two strings (not locale-dependent: every process orders the same). */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The term dictionary: one global id per (field, value), assigned on first sight while the export
 * streams in. Values are stored normalised (lower-cased words, ISO country codes, catalogue
 * targeting values); display labels come from the catalogue at query time.
 */
export class TermTable {
  private readonly ids: Map<string, number>[] = FIELDS.map(() => new Map<string, number>());
  private readonly fieldOf: number[] = [];
  private readonly byField = new Map<Field, readonly number[]>();
  readonly values: string[] = [];
  /**
   * A shard's table only: where in the whole export each term was first seen (shard-index.ts
   * `buildShard`), so a coordinator can number the shards' terms as the single engine does. Kept in
   * `parts()`, hence in shared memory and snapshots.
   */
  firstSeen: Float64Array | undefined;
  /**
   * A live index's table only (live/live-index.ts): terms from this id on were born live, after the
   * export its base was built from. Their ids follow the order events arrived in, which differs
   * between interleavings of the log's partitions and between replicas; `termsOf` lists them after
   * the export's terms, by value, so ranked panels break ties among them alike in every engine and
   * shard (shard-insights.ts gives them the same place). Kept in `parts()`.
   */
  private bornLiveFrom: number | undefined;
  /** Per field, its terms born live: sorted by value, and those added since the last `termsOf`. */
  private readonly born = new Map<number, { sorted: number[]; added: number[] }>();

  /** Rebuilds a table from `parts()` (a worker thread's copy of the dictionary). */
  static fromParts(parts: TermTableParts): TermTable {
    const table = new TermTable();
    table.bornLiveFrom = parts.liveFrom;
    for (let id = 0; id < parts.values.length; id++) table.idIn(parts.fields[id]!, parts.values[id]!);
    table.firstSeen = parts.firstSeen;
    return table;
  }

  /** Values and field numbers by term id: what `fromParts` needs, structured-cloneable. */
  parts(): TermTableParts {
    const parts: TermTableParts = { values: this.values, fields: Uint8Array.from(this.fieldOf) };
    return {
      ...parts,
      ...(this.firstSeen && { firstSeen: this.firstSeen }),
      ...(this.bornLiveFrom !== undefined && { liveFrom: this.bornLiveFrom }),
    };
  }

  /**
   * Values and field numbers of terms [from, to), copied: `parts()` of a live version's first terms a
   * piece at a time, while later batches add theirs (live/live-share.ts).
   */
  slice(from: number, to: number): { values: string[]; fields: Uint8Array } {
    return { values: this.values.slice(from, to), fields: Uint8Array.from(this.fieldOf.slice(from, to)) };
  }

  /** The first id born live (undefined: the table is not a live index's). */
  get liveFrom(): number | undefined {
    return this.bornLiveFrom;
  }

  /** Marks the terms added from now on as born live (once: a table restored keeps its mark). */
  markLive(): void {
    this.bornLiveFrom ??= this.values.length;
  }

  get size(): number {
    return this.values.length;
  }

  id(field: Field, value: string): number {
    return this.idIn(fieldIndex(field), value);
  }

  /** `id` bound to one field, for the builders' per-token hot path. */
  idOf(field: Field): (value: string) => number {
    const f = fieldIndex(field);
    return (value) => this.idIn(f, value);
  }

  private idIn(f: number, value: string): number {
    const map = this.ids[f]!;
    let id = map.get(value);
    if (id === undefined) {
      id = this.values.length;
      map.set(value, id);
      this.values.push(value);
      this.fieldOf.push(f);
      this.byField.delete(FIELDS[f]!);
      if (this.bornLiveFrom !== undefined && id >= this.bornLiveFrom) {
        let born = this.born.get(f);
        if (!born) this.born.set(f, (born = { sorted: [], added: [] }));
        born.added.push(id);
      }
    }
    return id;
  }

  find(field: Field, value: string): number | undefined {
    return this.ids[fieldIndex(field)]!.get(value);
  }

  field(term: number): Field {
    return FIELDS[this.fieldOf[term]!]!;
  }

  value(term: number): string {
    return this.values[term]!;
  }

  /**
   * All term ids of a field, in first-seen order — for a live index's table, the export's terms in
   * that order, then those born live by value (`liveFrom`). Cached until the field gets a term.
   */
  termsOf(field: Field): readonly number[] {
    let list = this.byField.get(field);
    if (!list) {
      const f = fieldIndex(field);
      list = [...this.ids[f]!.values()];
      const born = this.born.get(f);
      if (born) {
        if (born.added.length > 0) born.sorted = this.mergeByValue(born.sorted, born.added);
        born.added = [];
        // Ids ascend in the map's insertion order: the export's come first.
        list = list.slice(0, list.length - born.sorted.length).concat(born.sorted);
      }
      this.byField.set(field, list);
    }
    return list;
  }

  /** `sorted` (by value) and `added` merged, by value. */
  private mergeByValue(sorted: readonly number[], added: readonly number[]): number[] {
    const { values } = this;
    const next = [...added].sort((a, b) => byCodeUnits(values[a]!, values[b]!));
    const out: number[] = [];
    let i = 0;
    let j = 0;
    while (i < sorted.length || j < next.length) {
      if (j >= next.length || (i < sorted.length && byCodeUnits(values[sorted[i]!]!, values[next[j]!]!) < 0))
        out.push(sorted[i++]!);
      else out.push(next[j++]!);
    }
    return out;
  }

  /** Every (value, id) of a field, for scans such as "all interests in a category". */
  entriesOf(field: Field): IterableIterator<[string, number]> {
    return this.ids[fieldIndex(field)]!.entries();
  }
}
