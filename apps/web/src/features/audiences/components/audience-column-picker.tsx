import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@/components/data-table';
import { useClickHover } from '@/lib/use-click-hover';

/**
 * My Audiences' columns as a person chooses them: a short default (name, size, country, last
 * modified, upload status, actions) and the rest behind the picker, each with what it means.
 */
export const DEFAULT_AUDIENCE_COLUMNS = ['name', 'size', 'country', 'modified', 'ad_account', 'actions'];

/** Columns a person may hide or show; name and actions always show. */
export const OPTIONAL_AUDIENCE_COLUMNS = [
  'size',
  'country',
  'modified',
  'ad_account',
  'category',
  'status',
  'targetable',
  'core_audience',
  'pro_targeting_size',
  'has_insights',
  'created_by',
] as const;
export type OptionalAudienceColumn = (typeof OPTIONAL_AUDIENCE_COLUMNS)[number];

const ALWAYS = new Set(['name', 'actions']);
/** Left to right: the name, the sizes, where and when, the state, and the actions last. */
const ORDER = [
  'name',
  'size',
  'core_audience',
  'pro_targeting_size',
  'country',
  'category',
  'modified',
  'status',
  'targetable',
  'has_insights',
  'created_by',
  'ad_account',
  'actions',
];

/** Each optional column's header (the same words in the table and in the picker). */
export const AUDIENCE_COLUMN_HEADERS = {
  size: 'audiences.columns.size',
  country: 'audiences.columns.country',
  modified: 'audiences.columns.modified',
  ad_account: 'audiences.columns.adAccount',
  category: 'audiences.columns.category',
  status: 'audiences.columns.status',
  targetable: 'audiences.columns.targetable',
  core_audience: 'audiences.columns.coreAudience',
  pro_targeting_size: 'audiences.columns.proTargetingSize',
  has_insights: 'audiences.columns.hasInsights',
  created_by: 'audiences.columns.createdBy',
} as const satisfies Record<OptionalAudienceColumn, string>;
const STORAGE_KEY = 'murmur.audiences.columns';

/** The columns shown, kept in this browser; the default until a person changes them. */
export function useShownAudienceColumns() {
  const [shown, setShown] = useLocalStorage<string[]>({
    key: STORAGE_KEY,
    defaultValue: DEFAULT_AUDIENCE_COLUMNS,
  });
  const toggle = (key: string) =>
    setShown((current) => (current.includes(key) ? current.filter((k) => k !== key) : [...current, key]));
  const visible = <T,>(columns: DataTableColumn<T>[]) =>
    columns
      .filter((column) => ALWAYS.has(column.key) || shown.includes(column.key))
      .sort((a, b) => ORDER.indexOf(a.key) - ORDER.indexOf(b.key));
  return { shown, toggle, visible };
}

export interface AudienceColumnPickerProps {
  shown: readonly string[];
  onToggle: (key: string) => void;
}

/** "Columns": every optional column with its definition, checked when shown. */
export function AudienceColumnPicker({ shown, onToggle }: AudienceColumnPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const { popoverProps, targetProps, dropdownProps } = useClickHover();
  return (
    <Popover position="bottom-end" width={340} shadow="md" withinPortal {...popoverProps}>
      <Popover.Target>
        <Button variant="default" size="xs" {...targetProps}>
          {t('audiences.columnPicker.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown {...dropdownProps}>
        <Stack gap="sm" role="group" aria-label={t('audiences.columnPicker.label')}>
          <Text size="sm" fw={600}>
            {t('audiences.columnPicker.label')}
          </Text>
          {OPTIONAL_AUDIENCE_COLUMNS.map((key) => (
            <Checkbox
              key={key}
              checked={shown.includes(key)}
              onChange={() => onToggle(key)}
              label={t(AUDIENCE_COLUMN_HEADERS[key])}
              // The definition is the checkbox's description, read out with its name.
              aria-describedby={`${id}-${key}`}
              description={<span id={`${id}-${key}`}>{t(`audiences.columnPicker.definitions.${key}`)}</span>}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
