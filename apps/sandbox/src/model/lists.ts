import type { Csr } from './csr';

/** X lists: an owner curates members, usually around one interest. Fixed after generation. */
export interface ListTable {
  count: number;
  owner: Uint32Array;
  /** Unix seconds. */
  created: Uint32Array;
  /** Interest category the list is about; its name and description come from it. */
  category: Uint8Array;
  /** Name/description text seed. */
  seed: Uint32Array;
  private: Uint8Array;
  members: Csr;
}
