import type { EstimateFigure, XFigure } from './figure';

/**
 * How X's Ads API makes the range of an `audience_estimate` (docs/API-AUDIENCES.md "X's audience
 * estimate"): X never shows its point estimate, only a bucket around it, `audience_size: {min, max}`,
 * each end a share of the estimate (`1 − margin` and `1 + margin`) rounded outwards to a few
 * significant figures ("2.3M – 2.8M"). These are the assumptions of the prediction, stated once:
 * - `margin`: the half-width of X's bucket as a share of its estimate (±15 %);
 * - `significantDigits`: the figures each end is rounded to (2), the low end down, the high end up.
 */
export interface XRangeRule {
  margin: number;
  significantDigits: number;
}

export const X_RANGE_RULE: XRangeRule = { margin: 0.15, significantDigits: 2 };

export interface XRange {
  low: number;
  high: number;
}

/** `value` rounded to `digits` significant figures, down or up (0 stays 0). */
export function roundToSignificant(value: number, digits: number, up: boolean): number {
  if (!(value > 0)) return 0;
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(value)) - (digits - 1));
  // A float residue (2.3e6 / 1e5 = 22.999…) must not move an exact value to the next unit.
  const units = value / unit;
  const near = Math.round(units);
  const whole = Math.abs(units - near) < 1e-9 ? near : up ? Math.ceil(units) : Math.floor(units);
  return whole * unit;
}

/** The range X shows for an audience of `size` people under the rule. */
export function xRangeOf(size: number, rule: XRangeRule = X_RANGE_RULE): XRange {
  const s = Math.max(0, size);
  return {
    low: roundToSignificant(s * (1 - rule.margin), rule.significantDigits, false),
    high: roundToSignificant(s * (1 + rule.margin), rule.significantDigits, true),
  };
}

/** X's own audience estimate range as read from the Ads API: a figure with `predicted: false`. */
export function xAudienceEstimate(range: { min: number; max: number }): XFigure {
  const low = Math.max(0, Math.round(range.min));
  const high = Math.max(low, Math.round(range.max));
  return {
    kind: 'x',
    metric: 'audience_estimate',
    value: Math.round((low + high) / 2),
    low,
    high,
    predicted: false,
  };
}

/**
 * The range X will show for the targeting Murmur estimated (`predicted: true`). X's count of the
 * same people lies within Murmur's 95 % interval as often as that interval is right; X's range only
 * grows with the count (both ends are monotone), so the range X shows lies between the range of the
 * interval's low end and that of its high end. The prediction is that envelope: its low end is X's low
 * end for `estimate.low`, its high end X's high end for `estimate.high`. Its value is the middle of
 * the range X would show for Murmur's value. Nothing is fitted: the margin and the rounding are X's
 * rule, the uncertainty is the estimate's own.
 */
export function predictXEstimate(estimate: EstimateFigure, rule: XRangeRule = X_RANGE_RULE): XFigure {
  const low = xRangeOf(estimate.low, rule).low;
  const high = xRangeOf(estimate.high, rule).high;
  const likely = xRangeOf(estimate.value, rule);
  const value = Math.min(high, Math.max(low, Math.round((likely.low + likely.high) / 2)));
  return { kind: 'x', metric: 'audience_estimate', value, low, high, predicted: true };
}

/** Whether a predicted range holds the whole of the range X showed (the calibration's hit). */
export function predictionHolds(predicted: XRange, shown: { min: number; max: number }): boolean {
  return predicted.low <= shown.min && shown.max <= predicted.high;
}
