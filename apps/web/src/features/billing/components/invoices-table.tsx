import { Anchor, Group, Text } from '@mantine/core';
import type { Invoice } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { useLanguage } from '@/hooks/use-language';
import { formatBillingAmount } from '../utils/money';

export interface InvoicesTableProps {
  invoices: Invoice[];
}

/**
 * Paid invoices, newest first, each with the provider's page and PDF. The shared table: on a phone
 * each invoice is a block of "column: value" lines, nothing scrolled sideways.
 */
export function InvoicesTable({ invoices }: InvoicesTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (invoices.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('billing.invoices.empty')}
      </Text>
    );
  const columns: DataTableColumn<Invoice>[] = [
    {
      key: 'created',
      header: t('billing.invoices.date'),
      render: (invoice) => formatDate(invoice.created, language),
      nowrap: true,
    },
    { key: 'number', header: t('billing.invoices.number'), render: (invoice) => invoice.number ?? '—' },
    {
      key: 'reason',
      header: t('billing.invoices.reason'),
      render: (invoice) => t(reasonKey(invoice.billing_reason)),
    },
    {
      key: 'amount',
      header: t('billing.invoices.amount'),
      align: 'right',
      nowrap: true,
      render: (invoice) => formatBillingAmount(invoice.amount_paid, invoice.currency),
    },
    {
      key: 'download',
      header: t('billing.invoices.download'),
      render: (invoice) => (
        <Group gap="sm">
          {invoice.pdf_url && (
            <Anchor href={invoice.pdf_url} size="sm" download>
              {t('billing.invoices.pdf')}
            </Anchor>
          )}
          {invoice.hosted_url && (
            <Anchor href={invoice.hosted_url} size="sm" target="_blank" rel="noreferrer">
              {t('billing.invoices.view')}
            </Anchor>
          )}
        </Group>
      ),
    },
  ];
  // Already newest first, as the provider lists them.
  return (
    <DataTable
      columns={columns}
      rows={invoices}
      rowKey={(invoice) => invoice.id}
      caption={t('billing.invoices.title')}
      manualSorting
    />
  );
}

const reasonKey = (reason: string | null) =>
  reason === 'subscription_create'
    ? 'billing.invoices.reasons.create'
    : reason === 'subscription_update'
      ? 'billing.invoices.reasons.update'
      : reason === 'subscription_cycle'
        ? 'billing.invoices.reasons.cycle'
        : 'billing.invoices.reasons.other';
