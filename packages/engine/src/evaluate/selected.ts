/** Items the user left selected: SPEC §5 deselected items are left out of the audience. */
export const selected = <T extends { deselected?: boolean | undefined }>(
  items: readonly T[] | undefined,
): T[] => (items ?? []).filter((item) => item.deselected !== true);

/** What an item says: its id when it has one (a targeting value), else its label or handle. */
export const itemText = (item: { label?: string | undefined; handle?: string | undefined }): string =>
  (item.label ?? item.handle ?? '').trim();

/** An item that matched nothing in the index; reported so the interface can say so. */
export interface UnmatchedItem {
  criterion: string;
  label: string;
}

/** Whether any item is selected (no array built: every estimate asks it of each primary field). */
export function anySelected(items: readonly { deselected?: boolean | undefined }[] | undefined): boolean {
  if (items === undefined) return false;
  for (const item of items) if (item.deselected !== true) return true;
  return false;
}
