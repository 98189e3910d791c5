import { COUNTRIES } from '@murmur/core/x-catalogue';
import { AccountKind } from '../model/accounts';
import type { Network } from '../network';
import { combine, hashString } from '../random/hash';
import { currencyOf } from './currency';
import { seededAccountId } from './ids';
import type { AdsStore } from './store';
import type { AdAccount } from './types';

const DAY = 86_400;

const SEEDED_NAMES: Readonly<Partial<Record<number, readonly string[]>>> = {
  [AccountKind.brand]: ['', ' — Performance', ' — Brand awareness'],
  [AccountKind.creator]: ['', ' — Promotions'],
};

/**
 * Creates an ad account with its one funding instrument (X's sandbox `POST accounts` does the same).
 * The id is derived from the seed, the owner and how many accounts they already own, so seeded and
 * created accounts alike come out the same for the same history of requests.
 */
export function createAdAccount(
  store: AdsStore,
  network: Network,
  owner: number,
  name: string,
  at: number,
): AdAccount {
  const ownerId = network.accounts.ids[owner]!.toString();
  let rank = store.accountsOf(owner).length;
  let id = seededAccountId(network.config.seed, ownerId, rank);
  while (store.accounts.has(id)) id = seededAccountId(network.config.seed, ownerId, ++rank);
  const currency = currencyOf(COUNTRIES[network.accounts.country[owner]!]!.code);
  const account: AdAccount = { id, owner, name, currency, createdAt: at, updatedAt: at, deleted: false };
  store.addAccount(account, {
    id: store.nextId('funding_instrument'),
    accountId: id,
    currency,
    description: `Sandbox credit card ending ${String(combine(hashString(id), 7) % 10_000).padStart(4, '0')}`,
    createdAt: at,
  });
  return account;
}

/**
 * Brands run two or three ad accounts and creators one or two, opened some time before the simulated
 * history starts. Everyone else starts without one (and can open one with the sandbox-only POST).
 */
export function seedAdAccounts(store: AdsStore, network: Network): void {
  const { accounts, config } = network;
  for (let i = 0; i < accounts.count; i++) {
    const suffixes = SEEDED_NAMES[accounts.kind[i]!];
    if (!suffixes) continue;
    const h = combine(hashString(config.seed), accounts.seed[i]!);
    const count = suffixes.length - 1 + (h % 2);
    for (let rank = 0; rank < count; rank++) {
      const opened = network.start - (30 + ((h >>> ((rank + 1) * 4)) % 900)) * DAY;
      createAdAccount(store, network, i, `${accounts.names[i]!}${suffixes[rank]!}`, opened - (opened % DAY));
    }
  }
}
