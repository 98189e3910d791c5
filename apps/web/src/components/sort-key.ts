/** SPEC §9: a sort key names a column; a leading minus sorts descending ('-size'). */
export interface ParsedSort {
  key: string;
  descending: boolean;
}

export const parseSortKey = (sort: string): ParsedSort =>
  sort.startsWith('-') ? { key: sort.slice(1), descending: true } : { key: sort, descending: false };

/** Clicking a column sorts it ascending; clicking it again flips the direction. */
export const nextSortKey = (current: string | undefined, key: string): string => {
  if (current === undefined || current === '') return key;
  const parsed = parseSortKey(current);
  if (parsed.key !== key) return key;
  return parsed.descending ? key : `-${key}`;
};

export type SortValue = string | number | boolean | Date | null | undefined;

const compareValues = (a: SortValue, b: SortValue): number => {
  // Missing values sort last whatever the direction.
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
};

export const sortRows = <T>(
  rows: readonly T[],
  sort: string,
  valueOf: (row: T, key: string) => SortValue,
): T[] => {
  if (sort === '') return [...rows];
  const { key, descending } = parseSortKey(sort);
  return [...rows].sort((left, right) => {
    const a = valueOf(left, key);
    const b = valueOf(right, key);
    if (a === null || a === undefined || b === null || b === undefined) return compareValues(a, b);
    const order = compareValues(a, b);
    return descending ? -order : order;
  });
};
