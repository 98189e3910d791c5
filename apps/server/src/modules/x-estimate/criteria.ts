import { CATALOGUE_KINDS, type CatalogueKind } from '@murmur/core/export';
import { targetingCriteria } from '@murmur/core/x-catalogue';
import { XError } from '../../integrations/x';

/** One criterion to send to X: a value already known, or a label to find in an X catalogue. */
export type PlannedCriterion =
  | { targeting_type: string; targeting_value: string; name: string }
  | { targeting_type: string; catalogue: string; label: string; extra?: Record<string, string> };

export interface XCriterion {
  targeting_type: string;
  targeting_value: string;
  /** X's default is EQ (include); NE excludes (an excluded custom audience). */
  operator_type?: 'EQ' | 'NE';
}

/** A catalogue search on X (`targeting_criteria/<kind>?q=`). */
export type CatalogueSearch = (
  catalogue: string,
  q: string,
  extra?: Record<string, string>,
) => Promise<{ name: string; targeting_value: string }[]>;

const fold = (s: string) => s.trim().toLowerCase();

/**
 * A package item labelled with X's code rather than its name (a language "ja", a country "JP", a
 * network operator "98") asked by name, as X's catalogue search finds entries by name; a network
 * operator with its country, as X lists US operators unless told another country. The codes are X's
 * own catalogue values (@murmur/core/x-catalogue).
 */
function searchTerms(c: { catalogue: string; label: string; extra?: Record<string, string> }): {
  q: string;
  extra: Record<string, string> | undefined;
} {
  const kind = c.catalogue as CatalogueKind;
  if (!(CATALOGUE_KINDS as readonly string[]).includes(kind)) return { q: c.label, extra: c.extra };
  const entries = targetingCriteria(kind);
  const label = fold(c.label);
  const countries = c.extra?.location_type === 'COUNTRIES';
  const entry =
    entries.find((e) => fold(e.name) === label) ??
    entries.find((e) => fold(e.targeting_value) === label) ??
    (countries
      ? entries.find((e) => e.location_type === 'COUNTRIES' && fold(String(e.country_code ?? '')) === label)
      : undefined);
  if (!entry) return { q: c.label, extra: c.extra };
  const extra: Record<string, string> = { ...c.extra };
  if (kind === 'network_operators' && entry.country_code) extra.country_code = String(entry.country_code);
  return { q: entry.name, extra };
}

/**
 * Catalogue labels resolved to X's targeting values, as X's own picker does: the entry named so, a
 * bare interest category ("Science") as each of its subcategories ("Science/…", what Murmur's engine
 * counts too), else the first entry the label begins. A label X does not know is X's refusal (XError).
 * Searches are asked once per catalogue and label.
 */
export async function resolveCriteria(
  planned: readonly PlannedCriterion[],
  search: CatalogueSearch,
): Promise<XCriterion[]> {
  const out: XCriterion[] = [];
  const asked = new Map<string, ReturnType<CatalogueSearch>>();
  for (const c of planned) {
    if ('targeting_value' in c) {
      out.push({ targeting_type: c.targeting_type, targeting_value: c.targeting_value });
      continue;
    }
    const terms = searchTerms(c);
    const key = JSON.stringify([c.catalogue, fold(terms.q), terms.extra ?? null]);
    let found = asked.get(key);
    if (!found) asked.set(key, (found = search(c.catalogue, terms.q, terms.extra)));
    const entries = await found;
    const label = fold(terms.q);
    const exact = entries.find((f) => fold(f.name) === label);
    const children = entries.filter((f) => fold(f.name).startsWith(`${label}/`));
    const prefix = entries.find((f) => fold(f.name).startsWith(label));
    const matches = exact ? [exact] : children.length > 0 ? children : prefix ? [prefix] : [];
    if (matches.length === 0)
      throw new XError(`X has no ${c.targeting_type.toLowerCase()} named "${c.label}".`, 400);
    for (const m of matches)
      out.push({ targeting_type: c.targeting_type, targeting_value: m.targeting_value });
  }
  // The same value twice (two labels of one entry) is one criterion on X.
  const seen = new Set<string>();
  return out.filter((c) => {
    const k = `${c.targeting_type}:${c.targeting_value}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
}
