import { MultiSelect, type OptionsFilter } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamAudiences } from '../api/team-audiences';
import { MAX_EXCLUSIONS, type Exclusion } from '../utils/draft';

export interface ExclusionsFieldProps {
  teamSlug: string;
  value: Exclusion[];
  onChange: (exclusions: Exclusion[]) => void;
}

/** The server filters by what is typed; the list shows its answer as it is. */
const asAnswered: OptionsFilter = ({ options }) => options;

/**
 * "Exclude saved audiences": the team's saved audiences whose members are left out of this one —
 * in its size, X's estimate (where they are uploaded to the ad account) and when it is saved.
 */
export function ExclusionsField({ teamSlug, value, onChange }: ExclusionsFieldProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useTeamAudiences(teamSlug, search);
  const known = new Map(value.map((e) => [String(e.id), e.name]));
  for (const audience of found.data ?? []) known.set(String(audience.id), audience.name);
  return (
    <MultiSelect
      label={t('creator.exclusions.label')}
      description={t('creator.exclusions.description')}
      placeholder={value.length === 0 ? t('creator.exclusions.placeholder') : undefined}
      data={[...known].map(([id, name]) => ({ value: id, label: name }))}
      value={value.map((e) => String(e.id))}
      onChange={(ids) => onChange(ids.map((id) => ({ id: Number(id), name: known.get(id) ?? id })))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={asAnswered}
      maxValues={MAX_EXCLUSIONS}
      nothingFoundMessage={found.isFetching ? t('common.loading') : t('creator.exclusions.none')}
      clearable
      hidePickedOptions
    />
  );
}
