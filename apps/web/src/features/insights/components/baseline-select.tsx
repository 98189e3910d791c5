import { Select, Text, type ComboboxItem, type ComboboxItemGroup } from '@mantine/core';
import type { InsightsBaseline, InsightsBaselineUsed } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { useBaselineAudiences, useBaselineCountries, useBaselinePoints } from '../api/get-baseline-options';
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

/** A history day ("2026-11-20") as the interface language writes dates. */
const formatDay = (day: string, language: 'en' | 'ja') =>
  formatDate(`${day}T00:00:00Z`, language, { timeZone: 'UTC' });

/**
 * The audience's earlier points, newest first (the latest is the audience now, so not offered); or
 * one disabled item saying why there are none: a package has no history, loading, failed, none yet.
 */
function useEarlierItems(currentConfigId: number | null): ComboboxItem[] {
  const { t } = useTranslation();
  const language = useLanguage();
  const points = useBaselinePoints(currentConfigId);
  const reason = (key: 'unsaved' | 'loading' | 'failed' | 'none'): ComboboxItem[] => [
    { value: 'earlier:none', label: t(`baseline.earlier.${key}`), disabled: true },
  ];
  if (currentConfigId === null) return reason('unsaved');
  if (points.isPending) return reason('loading');
  if (points.isError) return reason('failed');
  const days = points.data.points.map((p) => p.day);
  const latest = days.at(-1);
  const earlier = days.filter((day) => day !== latest).reverse();
  if (earlier.length === 0) return reason('none');
  return earlier.map((day) => ({
    value: `earlier:${day}`,
    label: t('baseline.earlier.on', { date: formatDay(day, language) }),
  }));
}

/**
 * The option groups: the whole network, the selectable countries, the saved audiences, then this
 * audience's earlier points.
 */
function useBaselineOptions(teamSlug: string | null, currentConfigId: number | null): ComboboxItemGroup[] {
  const { t } = useTranslation();
  const language = useLanguage();
  const countries = useBaselineCountries();
  const audiences = useBaselineAudiences(teamSlug);
  const earlier = useEarlierItems(currentConfigId);
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
    { group: t('baseline.earlier.group'), items: earlier },
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
      onChange={(next) => onChange(parseBaseline(next, currentConfigId))}
      allowDeselect={false}
      searchable
      disabled={disabled}
      nothingFoundMessage={t('baseline.nothingFound')}
      w={{ base: '100%', xs: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * The baseline's name in the interface language: the network's text, a country's Japanese name, an
 * earlier point's date.
 */
function useBaselineLabel(used: InsightsBaselineUsed | undefined): string {
  const { t } = useTranslation();
  const language = useLanguage();
  const countries = useBaselineCountries();
  if (used === undefined || used.kind === 'network') return t('baseline.network');
  if (used.kind === 'earlier' && typeof used.ref === 'string')
    return t('baseline.earlier.on', { date: formatDay(used.ref, language) });
  const country = used.kind === 'country' ? countries.data?.find((c) => c.code === used.ref) : undefined;
  return country !== undefined && language === 'ja' ? country.name_ja : used.label;
}

/** Says what the shown report's affinities are relative to (the report's own baseline). */
export function BaselineNote({ used }: { used: InsightsBaselineUsed | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const label = useBaselineLabel(used);
  if (used?.kind === 'earlier' && typeof used.ref === 'string') {
    // "Compared with this audience on <date>", and the members of that day no longer on X.
    const dropped = used.dropped ?? 0;
    return (
      <Text size="xs" c="dimmed" data-testid="baseline-note">
        {t('baseline.earlier.comparedWith', { date: formatDay(used.ref, language) })}
        {/* Japanese sentences follow one another without a space. */}
        {dropped > 0 && `${language === 'ja' ? '' : ' '}${t('baseline.earlier.dropped', { count: dropped })}`}
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed" data-testid="baseline-note">
      {t('baseline.relativeTo', { label })}
    </Text>
  );
}
