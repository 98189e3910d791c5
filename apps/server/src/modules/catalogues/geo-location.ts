import type { GeoLocation } from '@murmur/core/api';
import { countryByCode } from '@murmur/core/countries';

/** The country headers CDNs set from the client's address (Cloudflare, CloudFront, App Engine, Vercel). */
const EDGE_HEADERS = [
  'cf-ipcountry',
  'cloudfront-viewer-country',
  'x-appengine-country',
  'x-vercel-ip-country',
];

type Headers = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The visitor's likely country (to preselect it in a form): the edge's country header when the site
 * runs behind a CDN that sets one, else the region of the first browser language that names one
 * ("ja-JP" → JP), else unknown. Only real ISO countries are answered.
 */
export function geoLocate(headers: Headers): GeoLocation {
  for (const name of EDGE_HEADERS) {
    const country = countryByCode(first(headers[name])?.slice(0, 2) ?? '');
    if (country) return { country_code: country.code, country: country.name, source: 'edge' };
  }
  const languages = (first(headers['accept-language']) ?? '').slice(0, 500).split(',');
  for (const language of languages) {
    const region = /^[a-z]{2,3}-([a-z]{2})\b/i.exec(language.trim())?.[1];
    const country = region === undefined ? undefined : countryByCode(region);
    if (country) return { country_code: country.code, country: country.name, source: 'language' };
  }
  return { country_code: null, country: null, source: 'none' };
}
