import { html, Html, page } from '../http/shared/html';
import { textPdf } from './pdf';
import { formatAmount, ZERO_DECIMAL } from './periods';
import type { Invoice } from './types';

const day = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

/** "EUR 149.00" / "JPY 23,900" for the PDF, whose font has no euro or yen sign in this encoding. */
const plainAmount = (amount: number, currency: string) => {
  const zero = ZERO_DECIMAL.has(currency);
  const value = zero ? amount : amount / 100;
  return `${currency.toUpperCase()} ${value.toLocaleString('en', {
    minimumFractionDigits: zero ? 0 : 2,
    maximumFractionDigits: zero ? 0 : 2,
  })}`;
};

/** The hosted invoice page (`hosted_invoice_url`): what was billed, for which period, paid when. */
export function invoicePage(invoice: Invoice): string {
  const rows = invoice.lines.data.map(
    (l) =>
      html`<tr>
        <td>${l.description}</td>
        <td>${day(l.period.start)} – ${day(l.period.end)}</td>
        <td class="num">${formatAmount(l.amount, invoice.currency)}</td>
      </tr>`,
  );
  const paid = invoice.status_transitions.paid_at;
  return page(
    `Invoice ${invoice.number}`,
    html`<h1>Invoice ${invoice.number}</h1>
      <p>Billed to ${invoice.customer_name ?? ''} ${invoice.customer_email ?? ''}</p>
      <p>Issued ${day(invoice.created)}${paid ? html` · <strong>Paid ${day(paid)}</strong>` : ''}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Period</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          ${rows}
        </tbody>
      </table>
      ${
        invoice.starting_balance !== 0
          ? html`<p>Applied balance: ${formatAmount(invoice.starting_balance, invoice.currency)}</p>`
          : new Html('')
      }
      <p><strong>Amount paid: ${formatAmount(invoice.amount_paid, invoice.currency)}</strong></p>
      <p><a href="${invoice.invoice_pdf}">Download PDF</a></p>`,
  );
}

/** The invoice as a PDF (`invoice_pdf`). */
export function invoicePdf(invoice: Invoice): Buffer {
  const paid = invoice.status_transitions.paid_at;
  return textPdf([
    { text: `Invoice ${invoice.number}`, size: 20, gap: 30 },
    { text: `Billed to: ${invoice.customer_name ?? ''} ${invoice.customer_email ?? ''}` },
    { text: `Issued: ${day(invoice.created)}${paid ? `   Paid: ${day(paid)}` : ''}` },
    { text: '', gap: 10 },
    ...invoice.lines.data.map((l) => ({
      text: `${l.description}   ${day(l.period.start)} - ${day(l.period.end)}   ${plainAmount(l.amount, invoice.currency)}`,
    })),
    { text: '', gap: 10 },
    ...(invoice.starting_balance !== 0
      ? [{ text: `Applied balance: ${plainAmount(invoice.starting_balance, invoice.currency)}` }]
      : []),
    { text: `Amount paid: ${plainAmount(invoice.amount_paid, invoice.currency)}`, size: 13 },
  ]);
}
