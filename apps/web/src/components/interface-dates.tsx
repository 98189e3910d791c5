import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useLanguage } from '@/hooks/use-language';
import type { AppLanguage } from '@/lib/i18n';

// The date pickers' settings (@mantine/dates with dayjs): months, weekdays and the chosen date in the
// interface language, whatever the browser's own language (a native date field shows the browser's
// format: "mm/dd/yyyy" to a Japanese user of an English Chromium). Only screens with a date picker
// import this module, so the first load does not carry it.

/** How a chosen day reads in a date field. */
export const DAY_FORMAT: Record<AppLanguage, string> = { en: 'D MMM YYYY', ja: 'YYYY年M月D日' };

/** A calendar's month heading: "2026年12月", not dayjs's "12月 2026". */
export const MONTH_LABEL_FORMAT: Record<AppLanguage, string> = { en: 'MMMM YYYY', ja: 'YYYY年M月' };

/** The interface language for the pickers inside; weeks from Sunday as Japanese calendars show them. */
export function InterfaceDates({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: language === 'ja' ? 0 : 1 }}>
      {children}
    </DatesProvider>
  );
}
