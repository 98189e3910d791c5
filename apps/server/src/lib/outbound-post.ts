import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a user-given URL (a webhook) must not reach: this machine, private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, benchmarking, multicast and reserved ranges
 * — otherwise a webhook would be a way into the servers next to ours (SSRF).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one a user-given URL may not reach (IPv4-mapped IPv6 as its IPv4). */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class OutboundRefused extends Error {}

/** DNS lookup that refuses blocked addresses at connect time (no window for DNS rebinding). */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const allowed = addresses.filter((a) => !isBlockedAddress(a.address));
    if (allowed.length === 0 || allowed.length !== addresses.length) {
      return callback(
        new OutboundRefused(`${hostname} resolves to an address webhooks may not reach`),
        '',
        0,
      );
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};

export interface OutboundOptions {
  /** Let the URL reach private and loopback addresses (development and tests only). */
  allowPrivate: boolean;
  timeoutMs: number;
}

/**
 * POSTs a JSON body to a user-given URL and answers the status: no redirects followed, a deadline for
 * the whole exchange, at most 64 kB of the answer read, and (unless `allowPrivate`) no address of
 * our own networks — checked on the literal host and on every address DNS gives at connect time.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<{ status: number }> {
  const target = new URL(url);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    return Promise.reject(new OutboundRefused('Only http and https addresses can be called.'));
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(host) !== 0 && isBlockedAddress(host)) {
    return Promise.reject(new OutboundRefused(`${host} is an address webhooks may not reach`));
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        ...(!options.allowPrivate && { lookup: guardedLookup }),
        timeout: options.timeoutMs,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 64 * 1024) res.destroy();
        });
        res.on('close', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
