import type { Invoice } from '@murmur/core/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { InvoicesTable } from './invoices-table';

const invoice = (id: string, number: string, amount: number): Invoice => ({
  id,
  number,
  created: '2026-11-26T10:00:00Z',
  currency: 'eur',
  amount_paid: amount,
  total: amount,
  billing_reason: 'subscription_create',
  period_start: null,
  period_end: null,
  hosted_url: `https://billing.example/${id}`,
  pdf_url: `https://billing.example/${id}.pdf`,
});

describe('InvoicesTable', () => {
  it('lists each invoice with its amount and links, every cell labelled by its column for the phone layout', () => {
    renderWithProviders(
      <InvoicesTable invoices={[invoice('in_2', 'SBX-00002', 49900), invoice('in_1', 'SBX-00001', 14900)]} />,
    );
    const table = screen.getByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Newest first, as the provider lists them: not re-sorted.
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'SBX-00002',
      'SBX-00001',
    ]);
    expect(rows[1]!.textContent).toContain('€149.00');
    expect(within(rows[1]!).getByRole('link', { name: 'PDF' }).getAttribute('href')).toBe(
      'https://billing.example/in_1.pdf',
    );
    // On a phone each cell shows "column: value" from its data-label (DataTable's stacked rows).
    for (const cell of within(rows[0]!).getAllByRole('cell'))
      expect(cell.getAttribute('data-label')).toBeTruthy();
    expect(within(rows[0]!).getAllByRole('cell')[3]!.getAttribute('data-label')).toBe('Amount paid');
  });

  it('says there are none yet instead of an empty table', () => {
    renderWithProviders(<InvoicesTable invoices={[]} />);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
