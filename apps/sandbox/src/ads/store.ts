import { IdSequence } from './ids';
import { Table } from './table';
import type {
  AdAccount,
  Campaign,
  CustomAudience,
  FundingInstrument,
  LineItem,
  MediaItem,
  PromotedTweet,
  TargetingRecord,
} from './types';

/**
 * Everything advertisers created on the sandbox ads platform, in memory. The seeded ad accounts
 * come back identically on every start (they follow from the seed); what clients create lives as
 * long as the process, like a test double of X's database.
 */
export class AdsStore {
  readonly accounts = new Map<string, AdAccount>();
  readonly fundingInstruments = new Table<FundingInstrument>();
  readonly campaigns = new Table<Campaign>();
  readonly lineItems = new Table<LineItem>();
  readonly promotedTweets = new Table<PromotedTweet>();
  readonly media = new Table<MediaItem>();
  readonly targeting = new Table<TargetingRecord>();
  readonly customAudiences = new Table<CustomAudience>();
  /** Bumped by every change, so cached audience estimates know when to recompute. */
  version = 0;
  private readonly byOwner = new Map<number, AdAccount[]>();
  private readonly sequences = new Map<string, IdSequence>();

  constructor(readonly seed: string) {}

  nextId(kind: string): string {
    let sequence = this.sequences.get(kind);
    if (!sequence) {
      sequence = new IdSequence(this.seed, kind);
      this.sequences.set(kind, sequence);
    }
    return sequence.next();
  }

  touch(): void {
    this.version++;
  }

  addAccount(account: AdAccount, instrument: FundingInstrument): void {
    this.accounts.set(account.id, account);
    const owned = this.byOwner.get(account.owner);
    if (owned) owned.push(account);
    else this.byOwner.set(account.owner, [account]);
    this.fundingInstruments.add(instrument);
    this.touch();
  }

  accountsOf(owner: number): readonly AdAccount[] {
    return this.byOwner.get(owner) ?? [];
  }

  fundingInstrumentOf(accountId: string): FundingInstrument | undefined {
    return this.fundingInstruments.list(accountId)[0];
  }
}
