import { Anchor, Group, Table, Text } from '@mantine/core';
import type { Invoice } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { formatBillingAmount } from '../utils/money';

export interface InvoicesTableProps {
  invoices: Invoice[];
}

/** Paid invoices, newest first, each with the provider's page and PDF. */
export function InvoicesTable({ invoices }: InvoicesTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (invoices.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('billing.invoices.empty')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped aria-label={t('billing.invoices.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('billing.invoices.date')}</Table.Th>
            <Table.Th>{t('billing.invoices.number')}</Table.Th>
            <Table.Th>{t('billing.invoices.reason')}</Table.Th>
            <Table.Th ta="right">{t('billing.invoices.amount')}</Table.Th>
            <Table.Th>{t('billing.invoices.download')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Td>{formatDate(invoice.created, language)}</Table.Td>
              <Table.Td>{invoice.number ?? '—'}</Table.Td>
              <Table.Td>{t(reasonKey(invoice.billing_reason))}</Table.Td>
              <Table.Td ta="right">{formatBillingAmount(invoice.amount_paid, invoice.currency)}</Table.Td>
              <Table.Td>
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
