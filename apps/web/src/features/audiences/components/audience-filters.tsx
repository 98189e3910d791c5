import { Group, Select, TextInput } from '@mantine/core';
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

/** Search, status (SPEC §3: Any status …) and Targetable / Not targetable. */
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
      <Select
        label={t('audiences.filters.status')}
        value={value.status}
        onChange={(status) => onChange({ ...value, status: status ?? ANY_STATUS })}
        data={AUDIENCE_STATUS_FILTERS.map((status) => ({
          value: status,
          label: t(`audiences.status.${status}`),
        }))}
        allowDeselect={false}
        w={210}
      />
      <Select
        label={t('audiences.filters.targetable')}
        value={value.targetable}
        onChange={(targetable) => onChange({ ...value, targetable: (targetable ?? 'all') as Targetability })}
        data={[
          { value: 'all', label: t('audiences.filters.all') },
          { value: 'true', label: t('audiences.targetable') },
          { value: 'false', label: t('audiences.notTargetable') },
        ]}
        allowDeselect={false}
        w={210}
      />
    </Group>
  );
}
