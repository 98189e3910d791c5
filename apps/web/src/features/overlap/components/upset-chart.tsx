import { ScrollArea } from '@mantine/core';
import type { OverlapResult } from '@murmur/core/api';
import { formatLargeNumber } from '../../../lib/large-number';
import { useTranslation } from 'react-i18next';

export interface UpsetChartProps {
  result: OverlapResult;
  names: readonly string[];
}

const BAR_HEIGHT = 140;
const COLUMN = 22;
const ROW = 18;
const FONT = 11;
/** The label column's bounds: wide enough for most names, never most of a phone's width. */
const LABEL_MIN = 120;
const LABEL_MAX = 240;

/** About how wide `text` is at 11 px: CJK and other wide characters take a full em, Latin about 0.6. */
const textWidth = (text: string) =>
  [...text].reduce((sum, ch) => sum + ((ch.codePointAt(0) ?? 0) >= 0x2e80 ? FONT : FONT * 0.6), 0);

/** `text` cut with an ellipsis to fit `width`, whole when it fits. */
export const fitText = (text: string, width: number): string => {
  if (textWidth(text) <= width) return text;
  let cut = '';
  for (const ch of text) {
    if (textWidth(`${cut}${ch}…`) > width) break;
    cut += ch;
  }
  return `${cut}…`;
};

/**
 * UpSet: a bar per exact membership combination (members in exactly those audiences, largest
 * first), and beneath it the dot matrix saying which audiences the combination is made of. Only the
 * audiences that appear in a shown combination get a row.
 */
export function UpsetChart({ result, names }: UpsetChartProps) {
  const { t } = useTranslation();
  const combos = result.combinations;
  const rows = [...new Set(combos.flatMap((c) => c.audiences))].sort((a, b) => a - b);
  const max = Math.max(1, ...combos.map((c) => c.count.value));
  const labels = rows.map((row) => `${row + 1}. ${names[row] ?? ''}`);
  const LABEL = Math.min(LABEL_MAX, Math.max(LABEL_MIN, ...labels.map((l) => Math.ceil(textWidth(l)) + 12)));
  const width = LABEL + combos.length * COLUMN + 8;
  const height = BAR_HEIGHT + 24 + rows.length * ROW;
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={t('overlap.upset', { count: combos.length, total: result.combinations_total })}
        style={{ display: 'block', fontFamily: 'inherit' }}
      >
        {combos.map((c, k) => {
          const h = Math.max(1, (c.count.value / max) * BAR_HEIGHT);
          const x = LABEL + k * COLUMN;
          const label = t('overlap.comboTip', {
            audiences: c.audiences.map((i) => names[i]).join(' ∩ '),
            count: formatLargeNumber(c.count.value),
            low: formatLargeNumber(c.count.low),
            high: formatLargeNumber(c.count.high),
          });
          return (
            <g key={c.audiences.join('-')}>
              <title>{label}</title>
              <rect x={x + 3} y={BAR_HEIGHT - h + 16} width={COLUMN - 6} height={h} fill="#228be6" />
              {rows.map((row, r) => (
                <circle
                  key={row}
                  cx={x + COLUMN / 2}
                  cy={BAR_HEIGHT + 24 + r * ROW + ROW / 2}
                  r={5}
                  fill={c.audiences.includes(row) ? '#1c2733' : '#dee2e6'}
                />
              ))}
            </g>
          );
        })}
        <text x={LABEL - 6} y={14} fontSize={FONT} textAnchor="end" fill="#495057">
          {formatLargeNumber(max)}
        </text>
        {rows.map((row, r) => (
          <text
            key={row}
            x={LABEL - 6}
            y={BAR_HEIGHT + 24 + r * ROW + ROW / 2 + 4}
            fontSize={FONT}
            textAnchor="end"
          >
            {/* A name cut to fit says it whole on hover. */}
            <title>{labels[r]}</title>
            {fitText(labels[r] ?? '', LABEL - 12)}
          </text>
        ))}
      </svg>
    </ScrollArea>
  );
}
