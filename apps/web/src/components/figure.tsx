import { Stack, Text, Tooltip, type MantineSize } from '@mantine/core';
import { formatLargeNumber } from '../lib/large-number';
import type { Figure } from '@murmur/core/sampling';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** What a figure is, as its label says it (docs/API.md "Figures"): never a scaled estimate under "Followers". */
export function figureLabel(figure: Figure, t: TFunction): string {
  switch (figure.kind) {
    case 'estimate':
      return t('figures.estimate');
    case 'count':
      return figure.of === 'upload' ? t('figures.countUpload') : t('figures.countIndexed');
    case 'x':
      if (figure.predicted) return t('figures.xPredicted');
      switch (figure.metric) {
        case 'followers':
          return t('figures.xFollowers');
        case 'following':
          return t('figures.xFollowing');
        case 'posts':
          return t('figures.xPosts');
        case 'impressions':
          return t('figures.xImpressions');
        case 'audience_estimate':
          return t('figures.xAudienceEstimate');
      }
  }
}

/** The figure's range ("688K–950K"), or null for a single number. */
export function figureRange(figure: Figure, t: TFunction): string | null {
  if (figure.kind === 'count') return null;
  if (figure.low === null || figure.high === null) return null;
  return t('figures.range', { low: formatLargeNumber(figure.low), high: formatLargeNumber(figure.high) });
}

/** The tooltip that says where the figure comes from (the interval and its sample for an estimate). */
export function figureTip(figure: Figure, t: TFunction, locale: string): string {
  if (figure.kind === 'count') return t('figures.countTip');
  if (figure.kind === 'x') return figure.predicted ? t('figures.xPredictedTip') : t('figures.xTip');
  const whole = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 0 });
  const values = {
    low: formatLargeNumber(figure.low),
    high: formatLargeNumber(figure.high),
    sample: whole(figure.sample),
    rate: whole(figure.rate),
  };
  return figure.sample_size === null
    ? t('figures.intervalTipLarge', values)
    : t('figures.intervalTip', { ...values, sampleSize: whole(figure.sample_size) });
}

export interface FigureViewProps {
  figure: Figure;
  /** Show the figure's label above it (off where a column header or a heading already says it). */
  withLabel?: boolean;
  /** The value's size: `xl` for a headline (the size panel), `sm` in tables and cards. */
  size?: MantineSize;
  /** The value's test id (the element holding the number alone). */
  testId?: string;
}

const VALUE_SIZE: Partial<Record<MantineSize, number | MantineSize>> = { xl: 32, lg: 'xl' };

/**
 * One audience figure rendered by its kind, the same on every screen: the value; for an estimate
 * its 95 % interval beneath, with a tooltip on the interval naming the sample; for X's figure,
 * X's range where X gives one. The element carries `data-figure-kind` so a journey can find it.
 */
export function FigureView({ figure, withLabel = false, size = 'sm', testId }: FigureViewProps) {
  const { t, i18n } = useTranslation();
  const label = figureLabel(figure, t);
  const range = figureRange(figure, t);
  const tip = figureTip(figure, t, i18n.language);
  const headline = size === 'xl' || size === 'lg';
  // X's range is X's figure itself; an estimate's range is its interval, shown beneath the value.
  const value = figure.kind === 'x' && range !== null ? range : formatLargeNumber(figure.value);
  const interval = figure.kind === 'estimate' ? range : null;
  return (
    <Stack gap={0} data-figure-kind={figure.kind}>
      {withLabel && (
        <Text size="xs" c="dimmed" data-figure-part="label">
          {label}
        </Text>
      )}
      <Tooltip label={tip} multiline w={260} withArrow disabled={interval !== null}>
        <Text
          fz={VALUE_SIZE[size] ?? size}
          fw={headline ? 700 : undefined}
          lh={headline ? 1.1 : undefined}
          data-figure-part="value"
          data-testid={testId}
        >
          {value}
        </Text>
      </Tooltip>
      {interval !== null && <IntervalText interval={interval} tip={tip} />}
    </Stack>
  );
}

/** The interval, focusable so that its tooltip opens from the keyboard; described by the tooltip's text. */
function IntervalText({ interval, tip }: { interval: string; tip: string }) {
  const tipId = useId();
  return (
    <>
      <Tooltip label={tip} multiline w={260} withArrow>
        <Text
          size="xs"
          c="dimmed"
          data-figure-part="interval"
          tabIndex={0}
          style={{ whiteSpace: 'nowrap', cursor: 'help' }}
          aria-describedby={tipId}
        >
          {interval}
        </Text>
      </Tooltip>
      <span id={tipId} hidden>
        {tip}
      </span>
    </>
  );
}

/**
 * An estimate's interval alone (where a sentence already states the value and names it, as the
 * campaign's reach does), with the same tooltip as FigureView.
 */
export function FigureInterval({ figure }: { figure: Figure }) {
  const { t, i18n } = useTranslation();
  const interval = figure.kind === 'estimate' ? figureRange(figure, t) : null;
  if (interval === null) return null;
  return (
    <span data-figure-kind={figure.kind}>
      <IntervalText interval={interval} tip={figureTip(figure, t, i18n.language)} />
    </span>
  );
}
