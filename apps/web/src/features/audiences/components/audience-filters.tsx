import { Group, NativeSelect, TextInput } from '@mantine/core';
import { ANY_STATUS, AUDIENCE_STATUS_FILTERS } from '@murmur/core/targeting';
import { useTranslation } from 'react-i18next';

export type Targetability = 'all' | 'true' | 'false';

export interface AudienceFiltersValue {
  search: string;
  status: string;
  targetable: Targetability;
}

export interface AudienceFiltersProps {
  value: AudienceFiltersValue;
  onChange: (value: AudienceFiltersValue) => void;
}

const isTargetability = (value: string): value is Targetability => ['all', 'true', 'false'].includes(value);

/**
 * Search, status (SPEC §3: Any status …) and Targetable / Not targetable. The two lists are native
 * selects: Mantine's Select (combobox, popover, positioning, scroll area) would weigh more than the
 * rest of the first screen of My Audiences.
 */
export function AudienceFilters({ value, onChange }: AudienceFiltersProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('audiences.filters.search')}
        placeholder={t('audiences.filters.searchPlaceholder')}
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
        type="search"
        w={260}
      />
      <NativeSelect
        label={t('audiences.filters.status')}
        value={value.status}
        onChange={(event) => onChange({ ...value, status: event.currentTarget.value || ANY_STATUS })}
        data={AUDIENCE_STATUS_FILTERS.map((status) => ({
          value: status,
          label: t(`audiences.status.${status}`),
        }))}
        w={210}
      />
      <NativeSelect
        label={t('audiences.filters.targetable')}
        value={value.targetable}
        onChange={(event) => {
          const targetable = event.currentTarget.value;
          onChange({ ...value, targetable: isTargetability(targetable) ? targetable : 'all' });
        }}
        data={[
          { value: 'all', label: t('audiences.filters.all') },
          { value: 'true', label: t('audiences.targetable') },
          { value: 'false', label: t('audiences.notTargetable') },
        ]}
        w={210}
      />
    </Group>
  );
}
