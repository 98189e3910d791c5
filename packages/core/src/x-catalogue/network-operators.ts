import { countryByCode } from './locations';

/**
 * Mobile network operators per country, as X's NETWORK_OPERATOR targeting lists them. `share` is the
 * operator's approximate share of mobile subscribers in its country (relative).
 */
export interface NetworkOperator {
  index: number;
  country: number;
  countryCode: string;
  name: string;
  share: number;
  targetingValue: string;
}

// prettier-ignore
const BY_COUNTRY: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  US: [['Verizon', 36], ['T-Mobile', 33], ['AT&T', 30], ['US Cellular', 1]],
  JP: [['NTT Docomo', 36], ['au (KDDI)', 27], ['SoftBank', 21], ['Rakuten Mobile', 6]],
  IN: [['Jio', 40], ['Airtel', 33], ['Vi', 20], ['BSNL', 7]],
  ID: [['Telkomsel', 45], ['Indosat Ooredoo Hutchison', 30], ['XL Axiata', 20], ['Smartfren', 5]],
  BR: [['Vivo', 38], ['Claro', 33], ['TIM', 25], ['Oi', 4]],
  GB: [['EE', 34], ['Vodafone UK', 26], ['O2', 25], ['Three', 15]],
  TR: [['Turkcell', 42], ['Vodafone Türkiye', 31], ['Türk Telekom', 27]],
  MX: [['Telcel', 62], ['AT&T Mexico', 18], ['Movistar', 15], ['Bait', 5]],
  SA: [['STC', 46], ['Mobily', 30], ['Zain KSA', 24]],
  FR: [['Orange', 38], ['SFR', 25], ['Bouygues Telecom', 20], ['Free Mobile', 17]],
  ES: [['Movistar', 32], ['Orange España', 27], ['Vodafone España', 24], ['MásMóvil', 17]],
  PH: [['Smart', 52], ['Globe', 45], ['DITO', 3]],
  CA: [['Rogers', 37], ['Bell', 29], ['Telus', 28], ['Freedom Mobile', 6]],
  DE: [['Telekom', 35], ['Vodafone', 30], ['O2 Telefónica', 35]],
  KR: [['SK Telecom', 48], ['KT', 30], ['LG U+', 22]],
  AR: [['Personal', 36], ['Claro Argentina', 40], ['Movistar Argentina', 24]],
  EG: [['Vodafone Egypt', 42], ['Orange Egypt', 26], ['Etisalat Misr', 22], ['WE', 10]],
  AU: [['Telstra', 43], ['Optus', 30], ['Vodafone AU', 27]],
  NG: [['MTN Nigeria', 52], ['Airtel Nigeria', 27], ['Glo', 19], ['9mobile', 2]],
  CO: [['Claro Colombia', 46], ['Movistar Colombia', 24], ['Tigo', 25], ['WOM', 5]],
  PK: [['Jazz', 38], ['Telenor Pakistan', 24], ['Zong', 25], ['Ufone', 13]],
  ZA: [['Vodacom', 43], ['MTN South Africa', 33], ['Cell C', 14], ['Telkom Mobile', 10]],
  AE: [['Etisalat by e&', 58], ['du', 42]],
  MY: [['CelcomDigi', 45], ['Maxis', 30], ['U Mobile', 25]],
  CL: [['Entel', 34], ['Movistar Chile', 26], ['Claro Chile', 22], ['WOM Chile', 18]],
  PE: [['Claro Perú', 34], ['Movistar Perú', 32], ['Entel Perú', 21], ['Bitel', 13]],
  VE: [['Movilnet', 35], ['Movistar Venezuela', 45], ['Digitel', 20]],
  PT: [['MEO', 40], ['Vodafone Portugal', 30], ['NOS', 30]],
  IE: [['Vodafone Ireland', 37], ['Three Ireland', 35], ['Eir', 28]],
  KW: [['Zain Kuwait', 40], ['Ooredoo Kuwait', 30], ['stc Kuwait', 30]],
  MA: [['Maroc Telecom', 40], ['Orange Maroc', 35], ['inwi', 25]],
  CH: [['Swisscom', 57], ['Sunrise', 25], ['Salt', 18]],
  AT: [['A1', 40], ['Magenta Telekom', 35], ['Drei', 25]],
};

export const NETWORK_OPERATORS: readonly NetworkOperator[] = Object.entries(BY_COUNTRY)
  .flatMap(([code, operators]) => operators.map(([name, share]) => ({ name, share, code })))
  .map(({ name, share, code }, index) => ({
    index,
    country: countryByCode(code).index,
    countryCode: code,
    name,
    share,
    // X lists operators with small numeric targeting values.
    targetingValue: String(index + 1),
  }));

/** Operator indices per country index (empty for countries without mobile data). */
export function operatorsOfCountry(country: number): readonly NetworkOperator[] {
  return NETWORK_OPERATORS.filter((o) => o.country === country);
}

export const NO_OPERATOR = 0xffff;
