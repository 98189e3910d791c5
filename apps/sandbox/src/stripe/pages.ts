import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkoutPage, cardProblem, type CardForm } from './checkout-page';
import { invoicePage, invoicePdf } from './documents';
import { str, type FormObject } from './form';
import type { StoredSession, StripeState } from './store';

/** The stand-in's pages for the browser: the hosted test checkout and invoices (page and PDF). */
export function registerStripePages(app: FastifyInstance, state: StripeState): void {
  const html = (reply: FastifyReply, status: number, text: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(text);
  const checkoutHtml = (reply: FastifyReply, session: StoredSession, status: number, text: string) =>
    html(reply.header('content-security-policy', checkoutPolicy(session)), status, text);

  app.get('/c/pay/:id', (request, reply) => {
    const session = state.sessions.get((request.params as { id: string }).id);
    if (!session) return html(reply, 404, '<!doctype html><title>Not found</title><h1>Not found</h1>');
    const s = state.session(session.id);
    const price = state.price(s.line.price);
    return checkoutHtml(reply, s, 200, checkoutPage(s, price, state.productOf(price.product)));
  });

  app.post('/c/pay/:id', (request, reply) => {
    const session = state.sessions.get((request.params as { id: string }).id);
    if (!session) return html(reply, 404, '<!doctype html><title>Not found</title><h1>Not found</h1>');
    const s = state.session(session.id);
    const price = state.price(s.line.price);
    const product = state.productOf(price.product);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as FormObject;
    const form: CardForm = {
      email: str(body.email)?.slice(0, 200),
      number: str(body.number)?.slice(0, 40),
      expiry: str(body.expiry)?.slice(0, 10),
      cvc: str(body.cvc)?.slice(0, 6),
      name: str(body.name)?.slice(0, 100),
    };
    if (s.status !== 'open') return checkoutHtml(reply, s, 409, checkoutPage(s, price, product));
    const problem = cardProblem(form, state.now(), !s.customer);
    if (problem)
      return checkoutHtml(reply, s, 402, checkoutPage(s, price, product, { ...form, number: '' }, problem));
    state.completeCheckout(s.id, form.email ?? null);
    return reply.redirect(s.success_url.replaceAll('{CHECKOUT_SESSION_ID}', s.id), 303);
  });

  app.get('/invoices/:id', (request, reply) => {
    const invoice = state.invoices.get((request.params as { id: string }).id);
    if (!invoice) return html(reply, 404, '<!doctype html><title>Not found</title><h1>Not found</h1>');
    return html(reply, 200, invoicePage(invoice));
  });

  app.get('/invoices/:id/pdf', (request, reply) => {
    const invoice = state.invoices.get((request.params as { id: string }).id);
    if (!invoice) return html(reply, 404, '<!doctype html><title>Not found</title><h1>Not found</h1>');
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
      .send(invoicePdf(invoice));
  });
}

/**
 * The hosted page's own policy: the card form posts here and the answer redirects to the session's
 * success URL, often another origin (the premium host); a form's redirect is bound by form-action,
 * so the return origins are named there.
 */
function checkoutPolicy(session: StoredSession): string {
  const origins = [session.success_url, session.cancel_url]
    .filter((url): url is string => typeof url === 'string' && URL.canParse(url))
    .map((url) => new URL(url).origin);
  const targets = [...new Set(origins)].map((origin) => ` ${origin}`).join('');
  return `default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'${targets}`;
}
