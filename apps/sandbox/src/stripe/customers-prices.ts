import { invalid, missing, required } from './errors';
import { bool, int, list, metadata, obj, str, type FormObject } from './form';
import type { Customer, CustomerBalanceTransaction, Price, Product } from './types';
import { newId, StripeCore } from './state-core';

/** Customers (with balance adjustments), products and prices. */
export abstract class StripeCustomersAndPrices extends StripeCore {
  // ── customers ───────────────────────────────────────────────────────────────────────────────

  createCustomer(p: FormObject): Customer {
    const customer: Customer = {
      id: newId('cus', 14),
      object: 'customer',
      created: this.now(),
      email: str(p.email) ?? null,
      name: str(p.name) ?? null,
      address: obj(p.address) ? { country: str(obj(p.address)!.country) ?? null } : null,
      balance: 0,
      currency: null,
      metadata: metadata(p.metadata),
      preferred_locales: (list(p.preferred_locales) ?? []).filter((l): l is string => typeof l === 'string'),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  customer(id: string): Customer {
    const c = this.customers.get(id);
    if (!c) throw missing('customer', id);
    return c;
  }

  updateCustomer(id: string, p: FormObject): Customer {
    const c = this.customer(id);
    if (p.email !== undefined) c.email = str(p.email) || null;
    if (p.name !== undefined) c.name = str(p.name) || null;
    if (obj(p.address)) c.address = { country: str(obj(p.address)!.country) ?? null };
    if (p.metadata !== undefined) c.metadata = { ...c.metadata, ...metadata(p.metadata) };
    return c;
  }

  addBalance(customerId: string, p: FormObject): CustomerBalanceTransaction {
    const c = this.customer(customerId);
    const amount = int(p.amount);
    const currency = str(p.currency)?.toLowerCase();
    if (amount === undefined) throw required('amount');
    if (!currency) throw required('currency');
    if (c.currency && c.currency !== currency)
      throw invalid('currency', `The customer's balance is in ${c.currency}.`);
    c.currency = currency;
    c.balance += amount;
    const tx: CustomerBalanceTransaction = {
      id: newId('cbtxn'),
      object: 'customer_balance_transaction',
      created: this.now(),
      customer: c.id,
      amount,
      currency,
      description: str(p.description) ?? null,
      ending_balance: c.balance,
      type: 'adjustment',
      metadata: metadata(p.metadata),
      livemode: false,
    };
    this.balanceTransactions.set(tx.id, tx);
    return tx;
  }

  // ── products and prices ─────────────────────────────────────────────────────────────────────

  createProduct(p: FormObject): Product {
    const name = str(p.name);
    if (!name) throw required('name');
    const product: Product = {
      id: str(p.id) ?? newId('prod', 14),
      object: 'product',
      created: this.now(),
      name,
      active: bool(p.active) ?? true,
      metadata: metadata(p.metadata),
      livemode: false,
    };
    if (this.products.has(product.id)) throw invalid('id', `Product already exists.`);
    this.products.set(product.id, product);
    return product;
  }

  createPrice(p: FormObject): Price {
    const currency = str(p.currency)?.toLowerCase();
    if (!currency || !/^[a-z]{3}$/.test(currency)) throw required('currency');
    const unit = int(p.unit_amount);
    if (unit === undefined || unit < 0) throw required('unit_amount');
    const interval = str(obj(p.recurring)?.interval);
    if (interval !== 'month' && interval !== 'year')
      throw invalid('recurring[interval]', 'Only recurring prices with interval month or year are offered.');
    let product = str(p.product);
    if (product) this.productOf(product);
    else if (obj(p.product_data)) product = this.createProduct(obj(p.product_data)!).id;
    else throw required('product');
    const lookupKey = str(p.lookup_key) ?? null;
    if (lookupKey) {
      const holder = [...this.prices.values()].find((x) => x.lookup_key === lookupKey);
      if (holder && bool(p.transfer_lookup_key) !== true)
        throw invalid('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key.`);
      if (holder) holder.lookup_key = null;
    }
    const price: Price = {
      id: newId('price', 24),
      object: 'price',
      created: this.now(),
      active: bool(p.active) ?? true,
      currency,
      unit_amount: unit,
      recurring: { interval, interval_count: 1 },
      type: 'recurring',
      product,
      lookup_key: lookupKey,
      nickname: str(p.nickname) ?? null,
      metadata: metadata(p.metadata),
      livemode: false,
    };
    this.prices.set(price.id, price);
    return price;
  }

  productOf(id: string): Product {
    const p = this.products.get(id);
    if (!p) throw missing('product', id, 'product');
    return p;
  }

  price(id: string, param = 'price'): Price {
    const p = this.prices.get(id);
    if (!p) throw missing('price', id, param);
    return p;
  }
}
