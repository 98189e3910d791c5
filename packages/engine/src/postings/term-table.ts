import { FIELDS, fieldIndex, type Field } from './fields';

export interface TermTableParts {
  readonly values: readonly string[];
  readonly fields: Uint8Array;
  /** `firstSeen`, when the table has it (a shard's). */
  readonly firstSeen?: Float64Array;
}

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

  /** Rebuilds a table from `parts()` (a worker thread's copy of the dictionary). */
  static fromParts(parts: TermTableParts): TermTable {
    const table = new TermTable();
    for (let id = 0; id < parts.values.length; id++) table.idIn(parts.fields[id]!, parts.values[id]!);
    table.firstSeen = parts.firstSeen;
    return table;
  }

  /** Values and field numbers by term id: what `fromParts` needs, structured-cloneable. */
  parts(): TermTableParts {
    const parts = { values: this.values, fields: Uint8Array.from(this.fieldOf) };
    return this.firstSeen ? { ...parts, firstSeen: this.firstSeen } : parts;
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

  /** All term ids of a field, in first-seen order (cached; the table is frozen once built). */
  termsOf(field: Field): readonly number[] {
    let list = this.byField.get(field);
    if (!list) {
      list = [...this.ids[fieldIndex(field)]!.values()];
      this.byField.set(field, list);
    }
    return list;
  }

  /** Every (value, id) of a field, for scans such as "all interests in a category". */
  entriesOf(field: Field): IterableIterator<[string, number]> {
    return this.ids[fieldIndex(field)]!.entries();
  }
}
