import { Select, Text, type ComboboxItemGroup } from '@mantine/core';
import type { InsightsBaseline, InsightsBaselineUsed } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { useBaselineAudiences, useBaselineCountries } from '../api/get-baseline-options';
import { baselineValue, parseBaseline } from '../utils/baseline-param';

export interface BaselineSelectProps {
  value: InsightsBaseline;
  onChange: (baseline: InsightsBaseline) => void;
  /** The team whose saved audiences are offered; null for the caller's personal ones. */
  teamSlug: string | null;
  /** The audience being analysed (a saved one): not offered as its own baseline. */
  currentConfigId: number | null;
  disabled?: boolean;
}

/** The option groups: the whole network, the selectable countries, then the saved audiences. */
function useBaselineOptions(teamSlug: string | null, currentConfigId: number | null): ComboboxItemGroup[] {
  const { t } = useTranslation();
  const language = useLanguage();
  const countries = useBaselineCountries();
  const audiences = useBaselineAudiences(teamSlug);
  return [
    { group: t('baseline.networkGroup'), items: [{ value: 'network', label: t('baseline.network') }] },
    {
      group: t('baseline.countries'),
      items: (countries.data ?? [])
        .filter((c) => c.selectable)
        .map((c) => ({ value: `country:${c.code}`, label: language === 'ja' ? c.name_ja : c.name })),
    },
    {
      group: t('baseline.audiences'),
      items: (audiences.data?.results ?? [])
        .filter((a) => a.id !== currentConfigId)
        .map((a) => ({ value: `audience:${a.id}`, label: a.name })),
    },
  ];
}

/**
 * "Compare with": what the report's shares and affinities are measured against. A searchable
 * select (type to filter, arrows and Enter to choose), full width on a phone.
 */
export function BaselineSelect({
  value,
  onChange,
  teamSlug,
  currentConfigId,
  disabled,
}: BaselineSelectProps) {
  const { t } = useTranslation();
  const data = useBaselineOptions(teamSlug, currentConfigId);
  const selected = baselineValue(value);
  // A link may name a country or audience not in the lists (yet): keep it choosable and shown.
  const known = data.some((g) => g.items.some((i) => typeof i !== 'string' && i.value === selected));
  const options = known
    ? data
    : [...data, { group: t('baseline.fromLink'), items: [{ value: selected, label: selected }] }];
  return (
    <Select
      label={t('baseline.compareWith')}
      data={options}
      value={selected}
      onChange={(next) => onChange(parseBaseline(next))}
      allowDeselect={false}
      searchable
      disabled={disabled}
      nothingFoundMessage={t('baseline.nothingFound')}
      w={{ base: '100%', xs: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The baseline's name in the interface language: the network's text, a country's Japanese name. */
function useBaselineLabel(used: InsightsBaselineUsed | undefined): string {
  const { t } = useTranslation();
  const language = useLanguage();
  const countries = useBaselineCountries();
  if (used === undefined || used.kind === 'network') return t('baseline.network');
  const country = used.kind === 'country' ? countries.data?.find((c) => c.code === used.ref) : undefined;
  return country !== undefined && language === 'ja' ? country.name_ja : used.label;
}

/** Says what the shown report's affinities are relative to (the report's own baseline). */
export function BaselineNote({ used }: { used: InsightsBaselineUsed | undefined }) {
  const { t } = useTranslation();
  const label = useBaselineLabel(used);
  return (
    <Text size="xs" c="dimmed" data-testid="baseline-note">
      {t('baseline.relativeTo', { label })}
    </Text>
  );
}
