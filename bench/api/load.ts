import autocannon from 'autocannon';

/** One autocannon run: a fixed request repeated by `connections` clients for `seconds`. */
export interface LoadCase {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  /** A different body for every request (called once per request), instead of `body`. */
  bodies?: () => unknown;
}

export interface LoadResult {
  name: string;
  connections: number;
  seconds: number;
  reqPerSec: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Connection errors and timeouts, plus answers that are not 2xx. */
  errors: number;
  non2xx: number;
  requests: number;
}

export async function load(c: LoadCase, connections: number, seconds: number): Promise<LoadResult> {
  const result = await autocannon({
    url: c.url,
    connections,
    duration: seconds,
    method: c.method ?? 'GET',
    headers: {
      // As a browser asks: the product compresses the larger JSON answers for such a client.
      'accept-encoding': 'br, gzip',
      ...((c.body !== undefined || c.bodies) && { 'content-type': 'application/json' }),
      ...c.headers,
    },
    ...(c.body !== undefined && { body: JSON.stringify(c.body) }),
    ...(c.bodies && {
      requests: [
        {
          setupRequest: (request: autocannon.Request) => ({ ...request, body: JSON.stringify(c.bodies!()) }),
        },
      ],
    }),
    timeout: 30,
  });
  return {
    name: c.name,
    connections,
    seconds,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
