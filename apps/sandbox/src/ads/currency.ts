/** Ad accounts bill in their owner's local currency, as X's do. */
// prettier-ignore
const BY_COUNTRY: Readonly<Record<string, string>> = {
  JP: 'JPY', GB: 'GBP', IN: 'INR', BR: 'BRL', CA: 'CAD', AU: 'AUD', CH: 'CHF', KR: 'KRW', MX: 'MXN',
  SA: 'SAR', ZA: 'ZAR', NG: 'NGN', KW: 'KWD', TR: 'TRY', ID: 'IDR',
  FR: 'EUR', DE: 'EUR', ES: 'EUR', IE: 'EUR', PT: 'EUR', AT: 'EUR',
};

/** Units per US dollar (rounded public rates), so simulated prices are comparable across currencies. */
// prettier-ignore
const PER_USD: Readonly<Record<string, number>> = {
  USD: 1, EUR: 0.92, GBP: 0.79, JPY: 150, INR: 83, BRL: 5, CAD: 1.36, AUD: 1.5, CHF: 0.9, KRW: 1350,
  MXN: 17, SAR: 3.75, ZAR: 18.5, NGN: 1500, KWD: 0.31, TRY: 32, IDR: 15800,
};

export function currencyOf(countryCode: string): string {
  return BY_COUNTRY[countryCode] ?? 'USD';
}

export function perUsd(currency: string): number {
  return PER_USD[currency] ?? 1;
}
