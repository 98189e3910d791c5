/** Entities of one kind, by id and per ad account in creation order (how the API lists them). */
export class Table<T extends { id: string; accountId: string }> {
  private readonly byId = new Map<string, T>();
  private readonly byAccount = new Map<string, T[]>();

  add(item: T): T {
    this.byId.set(item.id, item);
    const list = this.byAccount.get(item.accountId);
    if (list) list.push(item);
    else this.byAccount.set(item.accountId, [item]);
    return item;
  }

  /** The entity if it belongs to this ad account; ids of other accounts are as good as unknown. */
  get(accountId: string, id: string): T | undefined {
    const item = this.byId.get(id);
    return item?.accountId === accountId ? item : undefined;
  }

  /** By id alone, for ids already known to belong to the caller's account. */
  find(id: string): T | undefined {
    return this.byId.get(id);
  }

  list(accountId: string): readonly T[] {
    return this.byAccount.get(accountId) ?? [];
  }
}
