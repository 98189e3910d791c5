import autocannon from 'autocannon';

/** One autocannon run: a fixed request repeated by `connections` clients for `seconds`. */
export interface LoadCase {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  /**
   * A different body for every request, instead of `body`: `count` distinct bodies, the n-th from
   * `at(n)`. They are serialised once, before the run, and each connection walks its own contiguous
   * slice of them in turn, so that the driver spends nothing per request on building bodies (on this
   * 2-core machine it shares the cores with the server: building a body per request made the driver,
   * not the server, the bottleneck of the uncached estimate). A body comes again only after every
   * connection has walked its slice once, i.e. about `count` requests later.
   */
  bodies?: { count: number; at: (n: number) => unknown };
}

/** Each connection's requests: its own contiguous slice of the serialised bodies. */
function bodySlices(bodies: NonNullable<LoadCase['bodies']>, connections: number): { body: string }[][] {
  const all = Array.from({ length: bodies.count }, (_, n) => JSON.stringify(bodies.at(n)));
  if (all.length < connections) throw new Error(`${all.length} bodies for ${connections} connections`);
  const edge = (k: number) => Math.floor((k * all.length) / connections);
  return Array.from({ length: connections }, (_, k) =>
    all.slice(edge(k), edge(k + 1)).map((body) => ({ body })),
  );
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
  const slices = c.bodies && bodySlices(c.bodies, connections);
  let clients = 0;
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
    ...(slices && {
      requests: [slices[0]![0]!],
      setupClient: (client: autocannon.Client) => client.setRequests(slices[clients++ % slices.length]!),
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
