import { html, Html, page } from '../http/shared/html';
import { formatAmount } from './periods';
import type { Price, Product } from './types';
import type { StoredSession } from './store';

/**
 * Stripe's test cards (https://docs.stripe.com/testing): which succeed and which fail with which
 * decline. Any other number that passes the Luhn check is refused as a real card in test mode.
 */
const SUCCEEDS = new Set(['4242424242424242', '4000056655665556', '5555555555554444', '2223003122003222']);
const DECLINES: Record<string, DeclineCode> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
};

type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc';
type Problem =
  | DeclineCode
  | 'invalid_number'
  | 'live_card'
  | 'invalid_expiry'
  | 'past_expiry'
  | 'invalid_cvc'
  | 'invalid_email';

const TEXT = {
  en: {
    title: 'Checkout (test mode)',
    testMode: 'TEST MODE — no real payment is taken.',
    email: 'Email',
    card: 'Card number',
    expiry: 'Expiry (MM / YY)',
    cvc: 'CVC',
    name: 'Name on card',
    pay: 'Subscribe',
    back: 'Cancel and return',
    per: { month: 'per month', year: 'per year' },
    closed: 'This checkout session is no longer open.',
    problems: {
      card_declined: 'Your card was declined.',
      insufficient_funds: 'Your card has insufficient funds.',
      expired_card: 'Your card has expired.',
      incorrect_cvc: "Your card's security code is incorrect.",
      invalid_number: 'Your card number is invalid.',
      live_card: 'Your card was declined. Your request was in test mode, but used a non test card.',
      invalid_expiry: "Your card's expiration date is incomplete.",
      past_expiry: "Your card's expiration date is in the past.",
      invalid_cvc: "Your card's security code is incomplete.",
      invalid_email: 'Your email address is invalid.',
    } satisfies Record<Problem, string>,
  },
  ja: {
    title: 'チェックアウト（テストモード）',
    testMode: 'テストモード — 実際の支払いは行われません。',
    email: 'メールアドレス',
    card: 'カード番号',
    expiry: '有効期限（MM / YY）',
    cvc: 'セキュリティコード',
    name: 'カード名義',
    pay: '申し込む',
    back: 'キャンセルして戻る',
    per: { month: '月額', year: '年額' },
    closed: 'このチェックアウトセッションは終了しています。',
    problems: {
      card_declined: 'カードが拒否されました。',
      insufficient_funds: 'カードの残高が不足しています。',
      expired_card: 'カードの有効期限が切れています。',
      incorrect_cvc: 'カードのセキュリティコードが正しくありません。',
      invalid_number: 'カード番号が無効です。',
      live_card: 'カードが拒否されました。テストモードでは実際のカードは使えません。',
      invalid_expiry: 'カードの有効期限が不完全です。',
      past_expiry: 'カードの有効期限が過ぎています。',
      invalid_cvc: 'カードのセキュリティコードが不完全です。',
      invalid_email: 'メールアドレスが無効です。',
    } satisfies Record<Problem, string>,
  },
};

export interface CardForm {
  email?: string | undefined;
  number?: string | undefined;
  expiry?: string | undefined;
  cvc?: string | undefined;
  name?: string | undefined;
}

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

/** Why the card cannot pay (now: Unix seconds on the stand-in's clock), or undefined when it can. */
export function cardProblem(form: CardForm, now: number, needsEmail: boolean): Problem | undefined {
  if (needsEmail && !/^[^\s@]+@[^\s@]+$/.test(form.email ?? '')) return 'invalid_email';
  const number = (form.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return 'invalid_number';
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return 'invalid_expiry';
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  const today = new Date(now * 1000);
  if (year * 12 + Number(m[1]) - 1 < today.getUTCFullYear() * 12 + today.getUTCMonth()) return 'past_expiry';
  if (!/^\d{3,4}$/.test(form.cvc ?? '')) return 'invalid_cvc';
  if (DECLINES[number]) return DECLINES[number];
  if (!SUCCEEDS.has(number)) return 'live_card';
  return undefined;
}

/** The hosted payment page for an open session, or the notice that it is closed. */
export function checkoutPage(
  session: StoredSession,
  price: Price,
  product: Product,
  form: CardForm = {},
  problem?: Problem,
): string {
  const t = session.locale?.startsWith('ja') ? TEXT.ja : TEXT.en;
  if (session.status !== 'open')
    return page(
      t.title,
      html`<h1>${t.title}</h1>
        <p class="error" role="alert">${t.closed}</p>`,
    );
  const amount = formatAmount(price.unit_amount, price.currency);
  const needsEmail = !session.customer;
  return page(
    t.title,
    html`<h1>${product.name}</h1>
      <p><strong data-testid="checkout-amount">${amount}</strong> ${t.per[price.recurring.interval]}</p>
      <p class="handle">${t.testMode}</p>
      ${problem ? html`<p class="error" role="alert" id="card-error">${t.problems[problem]}</p>` : new Html('')}
      <form method="post" action="${session.id}">
        ${
          needsEmail
            ? html`<label
                >${t.email}<br /><input
                  name="email"
                  type="email"
                  autocomplete="email"
                  required
                  value="${form.email ?? ''}"
              /></label>`
            : new Html('')
        }
        <label
          >${t.card}<br /><input
            name="number"
            inputmode="numeric"
            autocomplete="cc-number"
            required
            placeholder="4242 4242 4242 4242"
            value="${form.number ?? ''}"
        /></label>
        <label
          >${t.expiry}<br /><input
            name="expiry"
            autocomplete="cc-exp"
            required
            placeholder="12 / 34"
            value="${form.expiry ?? ''}"
        /></label>
        <label
          >${t.cvc}<br /><input
            name="cvc"
            inputmode="numeric"
            autocomplete="cc-csc"
            required
            placeholder="123"
            value="${form.cvc ?? ''}"
        /></label>
        <label>${t.name}<br /><input name="name" autocomplete="cc-name" value="${form.name ?? ''}" /></label>
        <p><button class="primary" type="submit">${t.pay} ${amount}</button></p>
      </form>
      ${session.cancel_url ? html`<p><a href="${session.cancel_url}">${t.back}</a></p>` : new Html('')}`,
  );
}
