/**
 * X's frequency: the average number of times each account reached saw the campaign, impressions ÷
 * reach (accounts that saw it at least once). Reach here is estimated from the audience: with
 * `impressions` shown at random over `audience` accounts, an account is missed with probability
 * (1 − 1/audience)^impressions ≈ e^(−impressions/audience), so reach ≈ audience × (1 − e^(−i/a)).
 * That is never more than the impressions, so the frequency is at least 1 once anything was shown.
 */
export function reachedAccounts(impressions: number, audience: number): number {
  if (impressions <= 0 || audience <= 0) return 0;
  const reached = audience * -Math.expm1(-impressions / audience);
  // At least one account saw something; never more accounts than impressions.
  return Math.min(impressions, Math.max(1, Math.round(reached)));
}

/** impressions ÷ reach with 2 decimals; 0 before delivery. */
export function frequencyOf(impressions: number, reached: number): number {
  return reached > 0 ? Math.round((impressions / reached) * 100) / 100 : 0;
}
