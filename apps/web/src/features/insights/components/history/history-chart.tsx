import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { AudiencePoint, Language } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import { formatLargeNumber } from '../../../../lib/large-number';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';

const W = 600;
const H = 140;
const PAD = 6;

/** A day (YYYY-MM-DD, UTC) as the interface language writes a date. */
export const dayLabel = (day: string, language: Language) =>
  formatDate(`${day}T00:00:00Z`, language, { timeZone: 'UTC' });

/**
 * The audience's size over time: the estimate as a line and its 95 % interval as a band, one point a
 * day; for screen readers the same as a table.
 */
export function HistoryChart({ points }: { points: AudiencePoint[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const lows = points.map((p) => p.size.low);
  const highs = points.map((p) => p.size.high);
  const min = Math.min(...lows);
  const max = Math.max(...highs);
  const span = max - min || Math.max(1, max);
  // Placed by date: days without a point (the server was down, or simulated days passed at once)
  // leave their gap rather than squeezing the line.
  const dayMs = (i: number) => Date.parse(`${points[i]!.day}T00:00:00Z`);
  const days = (dayMs(points.length - 1) - dayMs(0)) / 86_400_000;
  const x = (i: number) =>
    days <= 0 ? W / 2 : PAD + ((dayMs(i) - dayMs(0)) / 86_400_000) * ((W - 2 * PAD) / days);
  const y = (v: number) => H - PAD - ((v - (max === min ? min - span / 2 : min)) * (H - 2 * PAD)) / span;
  const band = [
    ...points.map((p, i) => `${x(i)},${y(p.size.high)}`),
    ...points.map((p, i) => `${x(i)},${y(p.size.low)}`).reverse(),
  ].join(' ');
  const line = points.map((p, i) => `${x(i)},${y(p.size.value)}`).join(' ');
  const first = points[0]!;
  const last = points.at(-1)!;
  const summary = t('history.chartSummary', {
    from: dayLabel(first.day, language),
    to: dayLabel(last.day, language),
    first: formatLargeNumber(first.size.value),
    last: formatLargeNumber(last.size.value),
  });
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {formatLargeNumber(max)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('history.band')}
        </Text>
      </Group>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        width="100%"
        height={H}
        role="img"
        aria-label={summary}
        data-testid="history-chart"
      >
        <polygon points={band} fill="var(--mantine-color-blue-1)" stroke="none" />
        {points.length > 1 && (
          <polyline
            points={line}
            fill="none"
            stroke="var(--mantine-color-blue-7)"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        )}
        {/* The viewBox stretches to the card's width: zero-length lines with round, non-scaling
            strokes stay round where a <circle> would be squashed into an ellipse. Each point's
            interval is a light bar under its dot, so one point alone still shows its band. */}
        {points.map((p, i) => (
          <g key={p.day}>
            <title>{`${dayLabel(p.day, language)}: ${formatLargeNumber(p.size.value)} (${formatLargeNumber(p.size.low)}–${formatLargeNumber(p.size.high)})`}</title>
            <line
              x1={x(i)}
              x2={x(i)}
              y1={y(p.size.low)}
              y2={y(p.size.high)}
              stroke="var(--mantine-color-blue-2)"
              strokeWidth={6}
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
            <line
              x1={x(i)}
              x2={x(i)}
              y1={y(p.size.value)}
              y2={y(p.size.value)}
              stroke="var(--mantine-color-blue-7)"
              strokeWidth={8}
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          </g>
        ))}
      </svg>
      <Text size="xs" c="dimmed">
        {formatLargeNumber(min)}
      </Text>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {dayLabel(first.day, language)}
        </Text>
        <Text size="xs" c="dimmed">
          {dayLabel(last.day, language)}
        </Text>
      </Group>
      <VisuallyHidden>
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.day')}</th>
              <th scope="col">{t('figures.estimate')}</th>
              <th scope="col">{t('history.interval')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <td>{dayLabel(p.day, language)}</td>
                <td>{formatLargeNumber(p.size.value)}</td>
                <td>{`${formatLargeNumber(p.size.low)}–${formatLargeNumber(p.size.high)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}
