import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { viewerTimeZone } from '../api/deepthought-query';
import { useDtBestTime } from '../api/get-best-post-time';
import { uiLanguage } from './dt-frame';

const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The hours under a 24-bar chart (bars 12 px wide, 2 px apart): every sixth hour labelled. */
export function HourAxis() {
  return (
    <Group gap={2} wrap="nowrap" aria-hidden data-testid="hour-axis">
      {Array.from({ length: 24 }, (_, h) => (
        <Text key={h} size="10px" c="dimmed" w={12} style={{ overflow: 'visible', whiteSpace: 'nowrap' }}>
          {h % 6 === 0 ? hourLabel(h) : ''}
        </Text>
      ))}
    </Group>
  );
}

/** The account's own posting hours (X's post counts) under its followers' activity. */
export function OwnHours({ hours, posts }: { hours: number[]; posts: number }) {
  const { t } = useTranslation();
  if (posts === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('deepThought.bestTime.ownNone')}
      </Text>
    );
  const top = hours
    .map((v, h) => [v, h] as const)
    .filter(([v]) => v > 0)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, 3)
    .map(([, h]) => hourLabel(h));
  const max = Math.max(...hours, 0.0001);
  return (
    <Stack gap={4}>
      <Text size="sm">{t('deepThought.bestTime.own', { count: posts, hours: top.join(', ') })}</Text>
      <Group
        gap={2}
        wrap="nowrap"
        align="flex-end"
        h={32}
        aria-label={t('deepThought.bestTime.ownChart')}
        role="img"
      >
        {hours.map((v, h) => (
          <div
            key={h}
            title={`${hourLabel(h)} · ${Math.round(v * 1000) / 10} %`}
            style={{
              width: 12,
              height: `${Math.max(2, (v / max) * 30)}px`,
              background: 'var(--mantine-color-blue-4)',
            }}
          />
        ))}
      </Group>
      <HourAxis />
    </Stack>
  );
}

/**
 * The viewer's zone as the interface language names it ("Japan Standard Time", "日本標準時"), or its
 * IANA id where the browser has no name for it.
 */
export function zoneName(tz: string, language: string): string {
  try {
    const parts = new Intl.DateTimeFormat(uiLanguage(language), { timeZone: tz, timeZoneName: 'long' });
    return parts.formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? tz;
  } catch {
    return tz;
  }
}

export function BestTime() {
  const { t, i18n } = useTranslation();
  // The browser's zone: the server counts the hours in it, and the answer names the zone it used.
  const tz = viewerTimeZone();
  const best = useDtBestTime(tz);
  if (!best.data) return null;
  const max = Math.max(...best.data.hours, 0.0001);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('deepThought.bestTime.title')}
        </Title>
        {best.data.basis === 0 ? (
          <Text c="dimmed">{t('deepThought.bestTime.none')}</Text>
        ) : (
          <>
            <Text>
              {t('deepThought.bestTime.answer', {
                hours: best.data.best_hours.map(hourLabel).join(', '),
                day: t(`deepThought.weekday.${WEEKDAY_KEYS[best.data.best_weekday]!}`),
                tz: zoneName(best.data.time_zone, i18n.language),
              })}
            </Text>
            <Group
              gap={2}
              wrap="nowrap"
              align="flex-end"
              h={80}
              aria-label={t('deepThought.bestTime.chart')}
              role="img"
            >
              {best.data.hours.map((v, h) => (
                <div
                  key={h}
                  title={`${String(h).padStart(2, '0')}:00 · ${Math.round(v * 1000) / 10} %`}
                  style={{
                    width: 12,
                    height: `${Math.max(2, (v / max) * 76)}px`,
                    background: best.data.best_hours.includes(h)
                      ? 'var(--mantine-color-violet-6)'
                      : 'var(--mantine-color-gray-4)',
                  }}
                />
              ))}
            </Group>
            <HourAxis />
            <Text size="xs" c="dimmed">
              {t('deepThought.bestTime.basis', { n: best.data.basis })}
            </Text>
          </>
        )}
        <OwnHours hours={best.data.own_hours} posts={best.data.own_posts_7d} />
      </Stack>
    </Paper>
  );
}
