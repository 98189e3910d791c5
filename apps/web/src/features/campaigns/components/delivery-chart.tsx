import { Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { StatsTotal } from '@murmur/core/api';
import { formatDate, formatMoney } from '@murmur/core/format';
import { formatLargeNumber } from '../../../lib/large-number';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { deliveryExpectation, type DeliveryCampaign } from '../utils/delivery-expectation';

export interface DeliveryChartProps {
  stats: StatsTotal;
  /** The campaign, for when to expect delivery while there is none. */
  campaign: DeliveryCampaign;
  /** The time the expectation is read at (ms); now by default. */
  now?: number;
}

/** The smallest round step (1, 2, 2.5, 5 × 10ⁿ) at least `raw`. */
const niceStep = (raw: number): number => {
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
};

/** Round axis ticks from 0: at most `ticks` round steps that cover `max`. */
export function niceTicks(max: number, ticks = 4): number[] {
  if (max <= 0) return [0, 1];
  const step = niceStep(max / ticks);
  const out: number[] = [];
  for (let v = 0; v <= max + step * 1e-9 || out.length < 2; v += step) out.push(v);
  if (out[out.length - 1]! < max) out.push(out[out.length - 1]! + step);
  return out;
}

/** `count` round ticks from 0 covering `max`: the second axis's, on the first axis's gridlines. */
export function alignedTicks(max: number, count: number): number[] {
  const step = max <= 0 ? 1 : niceStep(max / (count - 1));
  return Array.from({ length: count }, (_, i) => i * step);
}

const W = 720;
const H = 240;
const M = { top: 16, right: 64, bottom: 40, left: 64 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;
const BAR = 'var(--mantine-primary-color-filled)';
const LINE = 'var(--mantine-color-orange-7)';
/** The spend axis' figures: orange.7 is 3:1 on white, too light for 11 px text (WCAG 1.4.3); orange.9 is over 5:1. */
const LINE_TEXT = 'var(--mantine-color-orange-9)';

/**
 * Impressions per day as bars on the left axis and spend as a line on the right axis, with the
 * days along the bottom. Each day can be hovered or focused (Tab) for its figures; the same figures
 * are in a table for screen readers and anyone who prefers one.
 */
export function DeliveryChart({ stats, campaign, now }: DeliveryChartProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [active, setActive] = useState<number | null>(null);
  const [showTable, setShowTable] = useState(false);
  const [readAt] = useState(() => now ?? Date.now());
  const tableId = useId();
  const days = stats.days;
  if (days.length === 0)
    return (
      <Stack gap={4} data-testid="no-delivery">
        <Text c="dimmed">{t('campaigns.detail.noDelivery')}</Text>
        <Text c="dimmed" size="sm">
          {deliveryExpectation(t, campaign, language, readAt)}
        </Text>
      </Stack>
    );

  const impressionTicks = niceTicks(Math.max(...days.map((d) => d.impressions)));
  const spentTicks = alignedTicks(Math.max(...days.map((d) => d.spent)), impressionTicks.length);
  const yMax = impressionTicks[impressionTicks.length - 1]!;
  const sMax = spentTicks[spentTicks.length - 1]!;
  const slot = PLOT_W / days.length;
  const barW = Math.max(2, Math.min(48, slot * 0.6));
  const x = (i: number) => M.left + slot * i + slot / 2;
  const y = (v: number) => M.top + PLOT_H - (v / yMax) * PLOT_H;
  const ys = (v: number) => M.top + PLOT_H - (v / sMax) * PLOT_H;
  // Day labels thin out so that they never overlap (about 56 px each).
  const every = Math.max(1, Math.ceil(days.length / Math.floor(PLOT_W / 56)));
  // Month and day only ("Aug 1", "8月1日"): the year is in the description and the table.
  const dayFormat = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const shortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const money = (v: number) => formatMoney(v, stats.currency);
  const describe = (i: number) => {
    const d = days[i]!;
    return `${formatDate(d.day, language)}: ${t('campaigns.columns.impressions')} ${formatLargeNumber(
      d.impressions,
    )} · ${t('campaigns.columns.spent')} ${money(d.spent)}`;
  };
  const line = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i)},${ys(d.spent)}`).join(' ');
  const summary = t('campaigns.detail.chartDescription', {
    from: formatDate(days[0]!.day, language),
    to: formatDate(days[days.length - 1]!.day, language),
  });

  return (
    <Box>
      <Group gap="lg" mb={4} aria-hidden>
        <Group gap={6}>
          <Box w={12} h={12} bg={BAR} style={{ borderRadius: 2 }} />
          <Text size="xs">{t('campaigns.detail.axisImpressions')}</Text>
        </Group>
        <Group gap={6}>
          <Box w={16} h={3} bg={LINE} />
          <Text size="xs">{t('campaigns.detail.axisSpent', { currency: stats.currency })}</Text>
        </Group>
      </Group>
      <Box pos="relative">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width="100%"
          role="group"
          aria-label={`${t('campaigns.detail.chart')}. ${summary}`}
          data-testid="delivery-chart"
        >
          {impressionTicks.map((v) => (
            <g key={`y${v}`}>
              <line x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} stroke="var(--mantine-color-gray-3)" />
              <text x={M.left - 8} y={y(v) + 4} fontSize={11} textAnchor="end" fill="currentColor">
                {formatLargeNumber(v)}
              </text>
            </g>
          ))}
          {spentTicks.map((v) => (
            <text key={`s${v}`} x={W - M.right + 8} y={ys(v) + 4} fontSize={11} fill={LINE_TEXT}>
              {money(v)}
            </text>
          ))}
          <line x1={M.left} x2={W - M.right} y1={M.top + PLOT_H} y2={M.top + PLOT_H} stroke="currentColor" />
          {days.map((d, i) => (
            <g
              key={d.day}
              tabIndex={0}
              role="img"
              aria-label={describe(i)}
              onMouseEnter={() => setActive(i)}
              onMouseLeave={() => setActive(null)}
              onFocus={() => setActive(i)}
              onBlur={() => setActive(null)}
              // No `outline: none`: the app's focus ring frames the focused day's column.
            >
              {/* The whole day's column answers the pointer, not only the bar. */}
              <rect x={x(i) - slot / 2} y={M.top} width={slot} height={PLOT_H} fill="transparent" />
              <rect
                x={x(i) - barW / 2}
                y={y(d.impressions)}
                width={barW}
                height={M.top + PLOT_H - y(d.impressions)}
                fill={BAR}
                opacity={active === null || active === i ? 1 : 0.55}
                stroke={active === i ? 'currentColor' : 'none'}
                strokeWidth={2}
                rx={2}
              />
              {i % every === 0 && (
                <text x={x(i)} y={H - M.bottom + 16} fontSize={11} textAnchor="middle" fill="currentColor">
                  {shortDay(d.day)}
                </text>
              )}
            </g>
          ))}
          <path d={line} fill="none" stroke={LINE} strokeWidth={2} pointerEvents="none" />
          {days.map((d, i) => (
            <circle key={`c${d.day}`} cx={x(i)} cy={ys(d.spent)} r={3} fill={LINE} pointerEvents="none" />
          ))}
          <text
            x={14}
            y={M.top + PLOT_H / 2}
            fontSize={11}
            textAnchor="middle"
            fill="currentColor"
            transform={`rotate(-90 14 ${M.top + PLOT_H / 2})`}
          >
            {t('campaigns.detail.axisImpressions')}
          </text>
        </svg>
        {active !== null && (
          <Paper
            withBorder
            shadow="sm"
            p={6}
            pos="absolute"
            top={0}
            style={{
              left: `${(x(active) / W) * 100}%`,
              transform: 'translateX(-50%)',
              pointerEvents: 'none',
              whiteSpace: 'nowrap',
            }}
            role="tooltip"
            data-testid="chart-tooltip"
          >
            <Text size="xs" fw={600}>
              {formatDate(days[active]!.day, language)}
            </Text>
            <Text size="xs">
              {t('campaigns.columns.impressions')}: {formatLargeNumber(days[active]!.impressions)}
            </Text>
            <Text size="xs">
              {t('campaigns.columns.spent')}: {money(days[active]!.spent)}
            </Text>
          </Paper>
        )}
      </Box>
      <Button
        variant="subtle"
        size="xs"
        mt={4}
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable(!showTable)}
      >
        {showTable ? t('campaigns.detail.hideTable') : t('campaigns.detail.showTable')}
      </Button>
      {/* On a phone the table scrolls inside the card: the page itself no longer scrolls sideways. */}
      <Table.ScrollContainer minWidth={480} type="native">
        <Table
          id={tableId}
          hidden={!showTable}
          striped
          mt="xs"
          captionSide="top"
          aria-label={t('campaigns.detail.chartTable')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('campaigns.detail.day')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('campaigns.columns.impressions')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('campaigns.detail.engagements')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('campaigns.detail.clicks')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('campaigns.columns.spent')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((d) => (
              <Table.Tr key={d.day}>
                <Table.Th scope="row" fw={400}>
                  {formatDate(d.day, language)}
                </Table.Th>
                <Table.Td ta="right">{formatLargeNumber(d.impressions)}</Table.Td>
                <Table.Td ta="right">{formatLargeNumber(d.engagements)}</Table.Td>
                <Table.Td ta="right">{formatLargeNumber(d.clicks)}</Table.Td>
                <Table.Td ta="right">{money(d.spent)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}
