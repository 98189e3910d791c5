import {
  DIGEST_FIELDS,
  DIGEST_SECTIONS,
  type AudienceDigest,
  type DigestSectionEntry,
} from '@murmur/core/api';
import type { StoredDigest, StoredSection } from '../../db/schema';

/**
 * A point's digest as audience_points keeps it (bench/README.md "bench:history": at most 2 kB per audience and day): the
 * same figures as the API's `AudienceDigest`, in arrays instead of keyed objects, fields and sections
 * by their position in DIGEST_FIELDS and DIGEST_SECTIONS, each value a flat run of `value, label,
 * count`. A label equal to its value (a field's) or absent (a section's: an interest is its own
 * label) is written 0. Points recorded before this form keep the object form; `readDigest` reads both.
 */

const FORMAT = 1;

type Value = { value: string; label?: string | undefined; count: number };
type Entered = NonNullable<DigestSectionEntry['entered']>[number];

/** A field's values: a label equal to its value is written 0. */
const flatField = (values: readonly Value[]): (string | number)[] =>
  values.flatMap((v) => [v.value, v.label === v.value ? 0 : (v.label ?? ''), v.count]);

/** A section's values: an absent label is written 0 (a present one as it is, even equal to its value). */
const flatSection = (values: readonly Value[]): (string | number)[] =>
  values.flatMap((v) => [v.value, v.label ?? 0, v.count]);

const flatEntered = (entered: readonly Entered[]): (string | number)[] =>
  entered.flatMap((e) => [e.value, e.label, e.count, e.since, e.was, e.was_members]);

function storeSection(section: DigestSectionEntry): StoredSection {
  return [
    section.members,
    section.complete ? 1 : 0,
    flatSection(section.values),
    section.partition ?? 0,
    section.entered ? flatEntered(section.entered) : 0,
  ];
}

/** The stored form of a digest (lossless: `readDigest` gives back an equal digest). */
export function storeDigest(digest: AudienceDigest): StoredDigest {
  const fields = DIGEST_FIELDS.map((f): [0 | 1, ...(string | number)[]] => {
    const entry = digest.fields[f];
    return [entry.complete ? 1 : 0, ...flatField(entry.values)];
  });
  if (!digest.sections) return [FORMAT, digest.members, fields];
  const sections = digest.sections;
  return [
    FORMAT,
    digest.members,
    fields,
    DIGEST_SECTIONS.map((s) => (sections[s] ? storeSection(sections[s]) : 0)),
  ];
}

/** Runs of `size` items of a flat list. */
function runs<T>(flat: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i + size <= flat.length; i += size) out.push(flat.slice(i, i + size));
  return out;
}

const str = (v: unknown): string => {
  if (typeof v !== 'string') throw new Error('malformed stored digest: a string expected');
  return v;
};
const num = (v: unknown): number => {
  if (typeof v !== 'number') throw new Error('malformed stored digest: a number expected');
  return v;
};

function readSection([members, complete, values, partition, entered]: StoredSection): DigestSectionEntry {
  return {
    values: runs(values, 3).map(([value, label, count]) => ({
      value: str(value),
      ...(label !== 0 && { label: str(label) }),
      count: num(count),
    })),
    complete: complete === 1,
    members,
    ...(partition !== 0 && { partition }),
    ...(entered !== 0 && {
      entered: runs(entered, 6).map(([value, label, count, since, was, wasMembers]) => ({
        value: str(value),
        label: str(label),
        count: num(count),
        since: str(since),
        was: num(was),
        was_members: num(wasMembers),
      })),
    }),
  };
}

/** The digest of a stored point, in either form (the object form of points recorded before). */
export function readDigest(stored: StoredDigest | AudienceDigest): AudienceDigest {
  if (!Array.isArray(stored)) return stored;
  const [format, members, fields, sections] = stored;
  if (format !== FORMAT) throw new Error(`unknown stored digest format ${String(format)}`);
  const digest: AudienceDigest = {
    members,
    fields: Object.fromEntries(
      DIGEST_FIELDS.map((f, i) => {
        const [complete, ...flat] = fields[i] ?? [1];
        const values = runs(flat, 3).map(([value, label, count]) => ({
          value: str(value),
          label: label === 0 ? str(value) : str(label),
          count: num(count),
        }));
        return [f, { values, complete: complete === 1 }];
      }),
    ) as AudienceDigest['fields'],
  };
  if (!sections) return digest;
  return {
    ...digest,
    sections: Object.fromEntries(
      DIGEST_SECTIONS.flatMap((s, i) => {
        const section = sections[i];
        return section ? [[s, readSection(section)]] : [];
      }),
    ),
  };
}
