import {
  Alert,
  Button,
  ColorInput,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import {
  EMAIL_PATTERN,
  REPORT_MAX_RECIPIENTS,
  type Language,
  type ReportFrequency,
  type ReportSchedule,
} from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/route-error';
import { errorText, fieldError } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useLanguage } from '@/hooks/use-language';
import { useDeleteReportSchedule } from '../api/delete-report-schedule';
import { useLogoChoices } from '../api/get-logo-choices';
import { useReportSchedule } from '../api/get-report-schedule';
import { useSaveReportSchedule } from '../api/save-report-schedule';
import { useSendReport } from '../api/send-report';

export interface ReportScheduleFormProps {
  teamSlug: string;
}

/** Addresses as typed: one per line, or separated by commas or spaces. */
export const parseRecipients = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A client team's weekly or monthly report, set by its admin, with "Send now" (docs/AGENCY.md
 * "Scheduled reports").
 */
export function ReportScheduleForm({ teamSlug }: ReportScheduleFormProps) {
  const { t } = useTranslation();
  const schedule = useReportSchedule(teamSlug);
  if (schedule.isPending) return <Skeleton role="status" h={320} aria-label={t('common.loading')} />;
  if (schedule.isError) return <QueryError query={schedule} />;
  return <ScheduleFields key={schedule.data?.next_due ?? 'new'} teamSlug={teamSlug} saved={schedule.data} />;
}

/** A monthly report's days: the 1st to the 28th (every month has them), or the month's last (0). */
const monthDays = (lastDay: string) => [
  ...Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
  { value: '0', label: lastDay },
];

function ScheduleFields({ teamSlug, saved }: { teamSlug: string; saved: ReportSchedule | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [frequency, setFrequency] = useState<ReportFrequency>(saved?.frequency ?? 'weekly');
  const [day, setDay] = useState(saved?.day ?? 1);
  const [hour, setHour] = useState(saved?.hour ?? 9);
  const [zone, setZone] = useState(saved?.time_zone ?? 'UTC');
  const [reportLanguage, setReportLanguage] = useState<Language>(saved?.language ?? language);
  const [recipients, setRecipients] = useState((saved?.recipients ?? []).join('\n'));
  const [colour, setColour] = useState(saved?.brand_colour ?? '#1c2a80');
  const [logo, setLogo] = useState<number | null>(saved?.logo_media ?? null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const logos = useLogoChoices(teamSlug);
  const save = useSaveReportSchedule(teamSlug);

  const zones = [...new Set(['UTC', 'Asia/Tokyo', browserZone(), zone])];
  const dayOptions =
    frequency === 'weekly'
      ? WEEKDAYS.map((w, i) => ({ value: String(i + 1), label: t(`agency.report.weekdays.${w}`) }))
      : monthDays(t('agency.report.lastDay'));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const list = parseRecipients(recipients);
    const bad = list.filter((a) => !EMAIL_PATTERN.test(a));
    if (list.length === 0) return setInvalid(t('agency.report.noRecipients'));
    if (bad.length > 0) return setInvalid(t('agency.report.badRecipients', { list: bad.join(', ') }));
    if (list.length > REPORT_MAX_RECIPIENTS) {
      return setInvalid(t('agency.report.tooManyRecipients', { max: REPORT_MAX_RECIPIENTS }));
    }
    setInvalid(null);
    save.mutate(
      {
        frequency,
        day: frequency === 'weekly' ? Math.min(day, 7) : day,
        hour,
        time_zone: zone,
        language: reportLanguage,
        recipients: list,
        brand_colour: colour,
        logo_media: logo,
      },
      { onSuccess: () => notify.success(t('agency.report.saved')) },
    );
  };

  const recipientsError = invalid ?? fieldError(save.error, 'recipients');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {saved && (
          <Text size="sm" c="dimmed">
            {t('agency.report.nextDue', {
              when: new Date(saved.next_due).toLocaleString(language, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            })}
          </Text>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-frequency">
            {t('agency.report.frequency')}
          </Text>
          <SegmentedControl
            aria-labelledby="report-frequency"
            value={frequency}
            onChange={(value) => setFrequency(value as ReportFrequency)}
            data={[
              { value: 'weekly', label: t('agency.report.weekly') },
              { value: 'monthly', label: t('agency.report.monthly') },
            ]}
          />
        </Stack>
        <Group grow wrap="wrap" align="flex-start">
          <Select
            label={frequency === 'weekly' ? t('agency.report.weekday') : t('agency.report.monthDay')}
            value={String(frequency === 'weekly' ? Math.min(day, 7) : day)}
            onChange={(value) => setDay(Number(value ?? 1))}
            data={dayOptions}
            allowDeselect={false}
            // "Last day of the month" in full: on a phone the day takes a line of its own.
            miw={190}
          />
          <Select
            label={t('agency.report.hour')}
            value={String(hour)}
            onChange={(value) => setHour(Number(value ?? 0))}
            data={Array.from({ length: 24 }, (_, h) => ({
              value: String(h),
              label: `${String(h).padStart(2, '0')}:00`,
            }))}
            allowDeselect={false}
            miw={110}
          />
          <Select
            label={t('agency.report.timeZone')}
            value={zone}
            onChange={(value) => setZone(value ?? 'UTC')}
            data={zones}
            allowDeselect={false}
            miw={160}
          />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-language">
            {t('agency.report.language')}
          </Text>
          <SegmentedControl
            aria-labelledby="report-language"
            value={reportLanguage}
            onChange={(value) => setReportLanguage(value as Language)}
            data={[
              { value: 'en', label: 'English' },
              { value: 'ja', label: '日本語' },
            ]}
          />
        </Stack>
        <Textarea
          label={t('agency.report.recipients')}
          description={t('agency.report.recipientsHelp', { max: REPORT_MAX_RECIPIENTS })}
          value={recipients}
          onChange={(event) => setRecipients(event.currentTarget.value)}
          error={recipientsError}
          autosize
          minRows={2}
        />
        <ColorInput
          label={t('agency.report.brandColour')}
          description={t('agency.report.brandColourHelp')}
          value={colour}
          onChange={setColour}
          format="hex"
          error={fieldError(save.error, 'brand_colour')}
        />
        <Select
          label={t('agency.report.logo')}
          description={t('agency.report.logoHelp')}
          value={logo === null ? 'none' : String(logo)}
          onChange={(value) => setLogo(value === null || value === 'none' ? null : Number(value))}
          data={[
            { value: 'none', label: t('agency.report.noLogo') },
            ...(logos.data ?? []).map((m) => ({ value: String(m.id), label: m.name })),
          ]}
          allowDeselect={false}
          error={fieldError(save.error, 'logo_media')}
        />
        {save.isError && !recipientsError && <Alert color="red">{errorText(save.error, t)}</Alert>}
        <ScheduleActions teamSlug={teamSlug} saved={saved} saving={save.isPending} />
      </Stack>
    </form>
  );
}

/** Save, "Send now" (a saved schedule's report of the period so far) and stop. */
function ScheduleActions({
  teamSlug,
  saved,
  saving,
}: {
  teamSlug: string;
  saved: ReportSchedule | null;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const remove = useDeleteReportSchedule(teamSlug);
  const send = useSendReport(teamSlug);
  return (
    <Group justify="space-between" wrap="wrap">
      <Group gap="xs">
        <Button type="submit" loading={saving}>
          {t('agency.report.save')}
        </Button>
        <Button
          variant="light"
          disabled={!saved}
          loading={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (sent) => notify.success(t('agency.report.sent', { count: sent.recipients })),
              onError: (error) => notify.error(errorText(error, t)),
            })
          }
        >
          {t('agency.report.sendNow')}
        </Button>
      </Group>
      {saved && (
        <Button
          variant="subtle"
          color="red"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => notify.success(t('agency.report.deleted')),
              onError: (error) => notify.error(errorText(error, t)),
            })
          }
        >
          {t('agency.report.delete')}
        </Button>
      )}
    </Group>
  );
}
