import type { Network } from '../network';

/**
 * Sandbox accounts by X id and by handle (case-insensitive, with or without @). Built on first use:
 * two maps over the whole population, needed only when a request names an account.
 */
export class AccountLookup {
  private byId: Map<string, number> | undefined;
  private byHandle: Map<string, number> | undefined;

  constructor(private readonly network: Network) {}

  byXId(id: string): number | undefined {
    if (!this.byId) {
      const { ids, count } = this.network.accounts;
      this.byId = new Map();
      for (let i = 0; i < count; i++) this.byId.set(ids[i]!.toString(), i);
    }
    return this.byId.get(id.trim());
  }

  byScreenName(handle: string): number | undefined {
    if (!this.byHandle) {
      const { handles, count } = this.network.accounts;
      this.byHandle = new Map();
      for (let i = 0; i < count; i++) this.byHandle.set(handles[i]!.toLowerCase(), i);
    }
    return this.byHandle.get(handle.trim().replace(/^@/, '').toLowerCase());
  }

  /** A user id or a handle, as FOLLOWER_LOOK_ALIKES values come. */
  find(idOrHandle: string): number | undefined {
    return /^\d+$/.test(idOrHandle.trim()) ? this.byXId(idOrHandle) : this.byScreenName(idOrHandle);
  }
}
