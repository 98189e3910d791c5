import { isIP } from 'node:net';
import { optional } from './env';

export const networkEnv = {
  TRUST_PROXY: optional.refine((v) => v === undefined || parseTrustProxy(v) !== undefined, {
    error:
      'TRUST_PROXY must be a number of proxy hops (0 for none) or a comma-separated list of proxy addresses or CIDR ranges',
  }),
};

/**
 * TRUST_PROXY: a whole number of hops (0 is none, false) or addresses and CIDR ranges separated by
 * commas; undefined when it is neither (`true` included: trusting every hop lets a client choose
 * its own address).
 */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  const text = value.trim();
  if (/^\d{1,3}$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid ? entries : undefined;
}
