import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AuditEntry } from '@murmur/core/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { usePageTitle } from '@/components/page-title';
import { AUDIT_PAGE, auditCsvUrl, useAuditLog, type AuditFilters } from '../api/get-audit-log';

export interface AuditLogProps {
  teamSlug: string;
}

const json = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 1);

/** The team's audit log for its admins: search, filters, before/after and the CSV export. */
export function AuditLog({ teamSlug }: AuditLogProps) {
  const { t, i18n } = useTranslation();
  usePageTitle(t('audit.title'));
  const [draft, setDraft] = useState<AuditFilters>({});
  const [filters, setFilters] = useState<AuditFilters>({});
  const [offset, setOffset] = useState(0);
  const log = useAuditLog(teamSlug, filters, offset);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setOffset(0);
  };
  const field = (name: keyof AuditFilters, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      value={draft[name] ?? ''}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setDraft((d) => ({ ...d, [name]: value }));
      }}
      style={{ flex: '1 1 10rem' }}
    />
  );

  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        {t('audit.title')}
      </Title>
      <Text c="dimmed">{t('audit.intro')}</Text>
      <Paper withBorder p="md" component="form" onSubmit={apply} aria-label={t('audit.filters')}>
        <Group align="end" gap="sm" wrap="wrap">
          {field('q', t('audit.search'))}
          {field('action', t('audit.action'))}
          {field('actor', t('audit.actor'))}
          {field('from', t('audit.from'), 'date')}
          {field('to', t('audit.to'), 'date')}
          <Button type="submit">{t('audit.apply')}</Button>
          <Button component="a" variant="default" href={auditCsvUrl(teamSlug, filters)} download>
            {t('audit.exportCsv')}
          </Button>
        </Group>
      </Paper>
      {log.isPending ? (
        <Loader role="status" aria-label={t('audit.loading')} />
      ) : log.isError ? (
        <Alert color="red" role="alert">
          {t('audit.loadError')}
        </Alert>
      ) : log.data.results.length === 0 ? (
        <Text>{t('audit.empty')}</Text>
      ) : (
        <>
          {/* The shared table: on a phone each entry is a block of "column: value" lines. */}
          <DataTable
            caption={t('audit.title')}
            columns={auditColumns(t, i18n.language)}
            rows={log.data.results}
            rowKey={(entry) => entry.id}
            manualSorting
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('audit.count', {
                from: offset + 1,
                to: offset + log.data.results.length,
                count: log.data.count,
              })}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - AUDIT_PAGE))}
              >
                {t('audit.previous')}
              </Button>
              <Button
                variant="default"
                disabled={offset + AUDIT_PAGE >= log.data.count}
                onClick={() => setOffset(offset + AUDIT_PAGE)}
              >
                {t('audit.next')}
              </Button>
            </Group>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** The log's columns, newest first as the server orders them (not sortable here). */
function auditColumns(t: TFunction, locale: string): DataTableColumn<AuditEntry>[] {
  return [
    {
      key: 'when',
      header: t('audit.when'),
      render: (entry) => (
        // One block: a phone's stacked cell lays its children out in a row.
        <div>
          {/* The date and the time on lines of their own: a narrow column cuts neither. */}
          <time dateTime={entry.created}>
            <Text size="sm" span display="block" style={{ whiteSpace: 'nowrap' }}>
              {new Date(entry.created).toLocaleDateString(locale)}
            </Text>
            <Text size="sm" span display="block" style={{ whiteSpace: 'nowrap' }}>
              {new Date(entry.created).toLocaleTimeString(locale)}
            </Text>
          </time>
          <Text size="xs" c="dimmed">
            {entry.ip}
          </Text>
        </div>
      ),
    },
    {
      key: 'actor',
      header: t('audit.actor'),
      render: (entry) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.actor.email || '—'}
        </Text>
      ),
    },
    {
      key: 'action',
      header: t('audit.action'),
      render: (entry) => (
        // One block: a phone's stacked cell lays its children out in a row.
        <div>
          {/* The action in words where it is known, and its code (what the filter and the CSV use). */}
          <Text size="sm" fw={500}>
            {t(`audit.actions.${entry.action}`, { defaultValue: '' })}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {entry.action}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {entry.subject}
          </Text>
        </div>
      ),
    },
    {
      key: 'change',
      header: t('audit.change'),
      render: (entry) => (
        <details style={{ textAlign: 'left' }}>
          <summary>{t('audit.beforeAfter')}</summary>
          <Text size="xs" fw={500}>
            {t('audit.before')}
          </Text>
          <Text component="pre" size="xs" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {json(entry.before)}
          </Text>
          <Text size="xs" fw={500}>
            {t('audit.after')}
          </Text>
          <Text component="pre" size="xs" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {json(entry.after)}
          </Text>
        </details>
      ),
    },
  ];
}

/** Team settings' small link to the audit log (admins). */
export function AuditLogLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} size="sm">
      {t('audit.link')}
    </Anchor>
  );
}
