import type { LivePost, LiveUser } from '@murmur/core/live';
import type { AccountColumns, AudienceIndex, PostColumns } from '../postings/audience-index';
import { StringColumn } from '../util/string-column';
import { CompositeStrings } from './structures';

type AccountStrings = Pick<AccountColumns, 'ids' | 'handles' | 'names' | 'bios'>;
type PostStrings = Pick<PostColumns, 'ids' | 'at' | 'text'>;

/**
 * The strings of accounts and posts (ids, handles, names, bios; ids, times, texts): the base
 * index's columns, then those the stream added, appended. A slot or post number past the base's
 * reads the appended ones; every version shares them (a slot's strings never change).
 */
export class LiveStrings {
  private readonly accounts = {
    ids: new StringColumn(),
    handles: new StringColumn(),
    names: new StringColumn(),
    bios: new StringColumn(),
  };
  private readonly posts = { ids: new StringColumn(), at: new StringColumn(), text: new StringColumn() };
  private readonly baseSlots: number;
  private readonly basePostSlots: number;
  private readonly baseAccounts: AccountStrings;
  private readonly basePosts: PostStrings;

  constructor(base: AudienceIndex) {
    this.baseSlots = base.accounts.ids.size;
    this.baseAccounts = { ...base.accounts };
    this.basePosts = { ...base.posts };
    this.basePostSlots = base.posts.ids.size;
  }

  /** Post numbers taken, the base's and the stream's. */
  get postSlots(): number {
    return this.basePostSlots + this.posts.ids.size;
  }

  /** Appends an account's strings; its slot + 1, as AccountColumns.slot holds it. */
  addAccount(user: LiveUser): number {
    const s = this.accounts;
    s.ids.push(user.id);
    s.handles.push(user.handle);
    s.names.push(user.name);
    return this.baseSlots + s.bios.push(user.bio) + 1;
  }

  handleOfSlot(slot: number): string {
    if (slot === 0) return '';
    return slot - 1 < this.baseSlots
      ? this.baseAccounts.handles.get(slot - 1)
      : this.accounts.handles.get(slot - 1 - this.baseSlots);
  }

  accountStrings(): AccountStrings {
    const size = this.baseSlots + this.accounts.ids.size;
    const of = (k: keyof AccountStrings) =>
      new CompositeStrings(this.baseAccounts[k], this.baseSlots, this.accounts[k], size);
    return { ids: of('ids'), handles: of('handles'), names: of('names'), bios: of('bios') };
  }

  /** Appends a post's strings; its post number. */
  addPost(post: LivePost): number {
    const p = this.basePostSlots + this.posts.ids.push(post.id);
    this.posts.at.push(post.created);
    this.posts.text.push(post.text);
    return p;
  }

  postStrings(): PostStrings {
    const size = this.basePostSlots + this.posts.ids.size;
    const of = (k: keyof PostStrings) =>
      new CompositeStrings(this.basePosts[k], this.basePostSlots, this.posts[k], size);
    return { ids: of('ids'), at: of('at'), text: of('text') };
  }
}
