import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InterfaceDates, MONTH_LABEL_FORMAT } from '@/components/interface-dates';
import { useLanguage } from '@/hooks/use-language';
import type { AppLanguage } from '@/lib/i18n';

// The campaign screens' date pickers, in the interface language (components/interface-dates.tsx).

/** How a chosen date and time reads in the field. */
export const SCHEDULE_FORMAT: Record<AppLanguage, string> = {
  en: 'D MMM YYYY, HH:mm',
  ja: 'YYYY年M月D日 HH:mm',
};

/** The picker's value (local time, `YYYY-MM-DD HH:mm:ss`) from an ISO instant, and back. */
export const toPickerValue = (iso: string | null): string | null =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : null;
export const fromPickerValue = (value: string | null): string | null =>
  value ? dayjs(value).toISOString() : null;

export interface ScheduleInputProps {
  label: string;
  /** ISO instant, or null for none. */
  value: string | null;
  onChange: (iso: string | null) => void;
  required?: boolean;
  error?: ReactNode;
  /** Shown while empty: what no date means here ("On publishing", "No end date"). */
  placeholder: string;
}

/** A campaign's start or end: a calendar in the interface language and a typed 24-hour time. */
export function ScheduleInput({ label, value, onChange, required, error, placeholder }: ScheduleInputProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  // A campaign cannot start or end in the past: the calendar's earlier days are not offered.
  const [today] = useState(() => dayjs().format('YYYY-MM-DD'));
  return (
    <InterfaceDates>
      <DateTimePicker
        minDate={today}
        label={label}
        required={required}
        error={error}
        placeholder={placeholder}
        value={toPickerValue(value)}
        onChange={(v) => onChange(fromPickerValue(v))}
        valueFormat={SCHEDULE_FORMAT[language]}
        monthLabelFormat={MONTH_LABEL_FORMAT[language]}
        yearLabelFormat="YYYY"
        clearable
        clearButtonProps={{ 'aria-label': t('campaigns.fields.clearDate', { field: label }) }}
        submitButtonProps={{ 'aria-label': t('campaigns.fields.setDate') }}
        timePickerProps={{ format: '24h', 'aria-label': t('campaigns.fields.time') }}
        popoverProps={{ withinPortal: true }}
        // What no date means ("On publishing") is read, not a hint: Mantine's placeholder grey is 2.1:1.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      />
    </InterfaceDates>
  );
}
