import { expect, type Page } from '@playwright/test';
import { STRIPE_DEV_KEYS } from '@murmur/sandbox';

const LOOKUP_KEY = 'murmur-premium-month-eur';

/**
 * Deep Thought premium for the signed-in user through the payment stand-in (premium.spec.ts and
 * accessibility-signed-in.spec.ts): the monthly price (made once per server, found by its lookup key
 * after that), a checkout session for the user, its hosted page's form posted with a test card; returns
 * once the server, told by the stand-in's signed webhook, says the user is premium. `base` is the
 * server, `premium` the premium host the checkout returns to.
 */
export async function subscribeToPremium(page: Page, base: string, premium: string): Promise<void> {
  const me = await page.evaluate(async () => (await (await fetch('/api/user/me/')).json()) as { id: number });
  const stripe = async (path: string, form: Record<string, string>) => {
    const response = await fetch(`${base}/sandbox/stripe/v1/${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${STRIPE_DEV_KEYS.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as { id: string; url: string };
  };
  const found = await fetch(
    `${base}/sandbox/stripe/v1/prices?${new URLSearchParams({ 'lookup_keys[]': LOOKUP_KEY })}`,
    { headers: { authorization: `Bearer ${STRIPE_DEV_KEYS.secretKey}` } },
  );
  expect(found.status, await found.clone().text()).toBe(200);
  const price =
    ((await found.json()) as { data: { id: string }[] }).data[0] ??
    (await stripe('prices', {
      currency: 'eur',
      unit_amount: '1900',
      'recurring[interval]': 'month',
      lookup_key: LOOKUP_KEY,
      'product_data[name]': 'Premium (monthly)',
      'metadata[plan]': 'premium-month',
    }));
  const session = await stripe('checkout/sessions', {
    mode: 'subscription',
    'line_items[0][price]': price.id,
    'line_items[0][quantity]': '1',
    success_url: `${premium}/create-subscription/success`,
    cancel_url: `${premium}/create-subscription/cancel`,
    'subscription_data[metadata][user_id]': String(me.id),
    'subscription_data[metadata][plan]': 'premium-month',
  });
  const paid = await fetch(session.url.replace(/^https?:\/\/[^/]+/, base), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'premium@example.com',
      number: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      name: 'Deep Thought',
    }),
  });
  expect(paid.status, await paid.text()).toBe(303);
  await waitForPremium(page);
}

/** Until Deep Thought's status, read by the page's own session, says premium (the payment's webhook has run). */
export async function waitForPremium(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async () =>
            (await (await fetch('/api/external/deepthought/status/')).json()) as { premium: boolean },
        ),
      { timeout: 20_000 },
    )
    .toMatchObject({ premium: true });
}
