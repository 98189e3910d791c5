import type { LabelItem } from '@murmur/core/targeting';
import type { AudienceIndex } from '../postings/audience-index';
import type { CatalogueKind } from '@murmur/core/export';
import type { Field } from '../postings/fields';

const lower = (s: string): string => s.normalize('NFKC').trim().toLowerCase();

/**
 * Term ids for a label item of a catalogue-backed criterion (interests, conversation topics,
 * movies/TV, languages, network operators). Tried in order: the item's id as a targeting value; the
 * label as a targeting value ("ja", "20005"); the label as a catalogue name ("Japanese",
 * "Science/Physics", case-insensitive; names that repeat across countries match them all); for
 * interests, a bare category ("Science") matches every "Science/…" subcategory, as X's interest
 * picker does, and a bare subcategory ("Physics") the interests so named.
 */
export function resolveLabel(
  index: AudienceIndex,
  field: Field,
  kind: CatalogueKind,
  item: LabelItem,
): number[] {
  const { terms, catalogue } = index;
  const byValue = (value: string): number[] => {
    const t = terms.find(field, value) ?? terms.find(field, lower(value));
    return t === undefined ? [] : [t];
  };
  if (item.id !== undefined) {
    const hit = byValue(String(item.id));
    if (hit.length > 0) return hit;
  }
  const direct = byValue(item.label);
  if (direct.length > 0) return direct;
  const named = catalogue.valuesNamed(kind, item.label).flatMap(byValue);
  if (named.length > 0 || kind !== 'interests') return named;
  const prefix = `${lower(item.label)}/`;
  const suffix = `/${lower(item.label)}`;
  const out: number[] = [];
  for (const [value, entry] of catalogue.entries(kind)) {
    const name = lower(entry.name);
    if (name.startsWith(prefix) || name.endsWith(suffix)) out.push(...byValue(value));
  }
  return out;
}
