import {
  emptyTargetingPackage,
  targetingPackageSchema,
  type LabelItem,
  type TargetingPackage,
  type TermItem,
} from '@murmur/core/targeting';

/** The parts of a targeting package whose items can be deselected without being removed. */
export type TermField = 'keywords' | 'handles' | 'hashtags';
export type LabelField =
  | 'interests'
  | 'conversation_topics'
  | 'movies_tv_shows'
  | 'languages'
  | 'network_operators'
  | 'countries'
  | 'locations';
export type ItemField = TermField | LabelField;

type AnyItem = TermItem | LabelItem;

/** The identity of an item inside its list: its id (catalogue value), handle or label, any case. */
export const itemKey = (item: AnyItem): string => {
  const id = 'id' in item && item.id !== undefined ? String(item.id) : undefined;
  const text = 'handle' in item && item.handle !== undefined ? item.handle : (item.label ?? '');
  return (id ?? text).toLowerCase();
};

/** What a person reads for an item. */
export const itemText = (field: ItemField, item: AnyItem): string => {
  if (field === 'handles') return `@${('handle' in item ? item.handle : undefined) ?? item.label ?? ''}`;
  if (field === 'hashtags') return `#${item.label ?? ''}`;
  return item.label ?? '';
};

const listOf = (pkg: TargetingPackage, field: ItemField): AnyItem[] => pkg[field];

/** Adds an item unless one with the same key is there (then it is selected again). */
export const addItem = (pkg: TargetingPackage, field: ItemField, item: AnyItem): TargetingPackage => {
  const key = itemKey(item);
  const list = listOf(pkg, field);
  const existing = list.find((entry) => itemKey(entry) === key);
  if (existing !== undefined) {
    return existing.deselected === true ? toggleItem(pkg, field, key) : pkg;
  }
  return { ...pkg, [field]: [...list, item] };
};

/** Deselects a selected item, or selects a deselected one: it stays in the package either way. */
export const toggleItem = (pkg: TargetingPackage, field: ItemField, key: string): TargetingPackage => ({
  ...pkg,
  [field]: listOf(pkg, field).map((item) => {
    if (itemKey(item) !== key) return item;
    if (item.deselected === true) {
      const { deselected: _deselected, ...rest } = item;
      return rest;
    }
    return { ...item, deselected: true };
  }),
});

export const removeItem = (pkg: TargetingPackage, field: ItemField, key: string): TargetingPackage => ({
  ...pkg,
  [field]: listOf(pkg, field).filter((item) => itemKey(item) !== key),
});

/** "@Name " → "Name": handles are kept without the at sign. */
export const cleanHandle = (text: string): string => text.trim().replace(/^@+/, '').trim();
/** "#tag" → "tag". */
export const cleanHashtag = (text: string): string => text.trim().replace(/^#+/, '').trim();

/** How many items the package holds (selected or not), for the step badges. */
export const countItems = (pkg: TargetingPackage, fields: readonly (keyof TargetingPackage)[]): number =>
  fields.reduce((sum, field) => sum + pkg[field].length, 0);

/** A package read from storage or a link: parsed leniently, anything unreadable gives an empty one. */
export const parsePackage = (value: unknown): TargetingPackage => {
  const parsed = targetingPackageSchema.safeParse(value);
  return parsed.success ? parsed.data : emptyTargetingPackage();
};

/** Merges a package into another (worked examples and "build from this" add, never replace). */
export const mergePackages = (base: TargetingPackage, extra: TargetingPackage): TargetingPackage => {
  let merged = base;
  const itemFields: ItemField[] = [
    'keywords',
    'handles',
    'hashtags',
    'interests',
    'conversation_topics',
    'movies_tv_shows',
    'languages',
    'network_operators',
    'countries',
    'locations',
  ];
  for (const field of itemFields) {
    for (const item of listOf(extra, field)) merged = addItem(merged, field, item);
  }
  const union = <T>(a: readonly T[], b: readonly T[]) => [...new Set([...a, ...b])];
  return {
    ...merged,
    placements: union(merged.placements, extra.placements),
    age: union(merged.age, extra.age),
    gender: union(merged.gender, extra.gender),
    custom_audiences: [
      ...merged.custom_audiences,
      ...extra.custom_audiences.filter(
        (item) => !merged.custom_audiences.some((existing) => existing.name === item.name),
      ),
    ],
  };
};
