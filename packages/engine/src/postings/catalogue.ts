import type { CatalogueKind } from '@murmur/core/export';
import type { CatalogueItem, CatalogueRecord } from '../parse/records';

const key = (text: string): string => text.normalize('NFKC').trim().toLowerCase();

/**
 * The export's targeting catalogues: targeting value ↔ display name. Accounts carry targeting
 * values ("20005"); packages carry labels ("Science/Physics") and sometimes ids; this joins them.
 */
export class Catalogue {
  private readonly byValue = new Map<string, Map<string, CatalogueItem>>();
  private readonly byName = new Map<string, Map<string, string[]>>();
  private readonly records: CatalogueRecord[] = [];

  /** Rebuilds a catalogue from `parts()` (a worker thread's copy). */
  static fromParts(records: readonly CatalogueRecord[]): Catalogue {
    const catalogue = new Catalogue();
    records.forEach((r) => catalogue.add(r));
    return catalogue;
  }

  /** The records added, in order: what `fromParts` needs, structured-cloneable. */
  parts(): readonly CatalogueRecord[] {
    return this.records;
  }

  add(record: CatalogueRecord): void {
    this.records.push(record);
    const items = new Map<string, CatalogueItem>();
    const names = new Map<string, string[]>();
    for (const item of record.items) {
      if (typeof item?.targeting_value !== 'string' || typeof item.name !== 'string') continue;
      items.set(item.targeting_value, item);
      const k = key(item.name);
      names.set(k, [...(names.get(k) ?? []), item.targeting_value]);
    }
    this.byValue.set(record.kind, items);
    this.byName.set(record.kind, names);
  }

  item(kind: CatalogueKind, value: string): CatalogueItem | undefined {
    return this.byValue.get(kind)?.get(value);
  }

  name(kind: CatalogueKind, value: string): string | undefined {
    return this.item(kind, value)?.name;
  }

  /** Targeting values whose name is `label` (case and width ignored); several when names repeat. */
  valuesNamed(kind: CatalogueKind, label: string): readonly string[] {
    return this.byName.get(kind)?.get(key(label)) ?? [];
  }

  /** Every (value, item) of a kind. */
  entries(kind: CatalogueKind): IterableIterator<[string, CatalogueItem]> {
    return (this.byValue.get(kind) ?? new Map<string, CatalogueItem>()).entries();
  }
}
