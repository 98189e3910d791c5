// The flood test: signed-out clients asking for insights reports on many different packages (each
// a job: POST, then poll the job every 500 ms as the web app does), while a signed-in bystander
// keeps estimating and reading the engine status. What matters is the bystander's latency.

const LANGUAGES = ['en', 'ja', 'es', 'pt', 'fr', 'de', 'ar', 'ko'];
const AGES = ['AGE_OVER_18', 'AGE_OVER_21', 'AGE_OVER_25', 'AGE_OVER_35', 'AGE_OVER_50'];
const WORDS = ['love', 'music', 'life', 'news', 'game', 'art', 'food', 'travel', 'sports', 'tech'];

/** The n-th flood package; 400 distinct ones, so jobs rarely join each other. */
export function floodPackage(n: number) {
  return {
    languages: [{ label: LANGUAGES[n % LANGUAGES.length] }],
    age: [AGES[Math.floor(n / LANGUAGES.length) % AGES.length]],
    keywords: [{ label: WORDS[Math.floor(n / (LANGUAGES.length * AGES.length)) % WORDS.length] }],
  };
}

export interface Latencies {
  count: number;
  errors: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
}

export interface FloodResult {
  seconds: number;
  clients: number;
  /** Status codes of the flood's POSTs (202 accepted, 429 capped, 503 …). */
  floodStatuses: Record<string, number>;
  jobsFinished: number;
  floodErrors: number;
  bystanderEstimate: Latencies;
  bystanderStatus: Latencies;
}

function summarise(samples: number[], errors: number): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { count: sorted.length, errors, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sequential requests with a short pause until `until`; every answer other than 200 is an error. */
async function probe(until: number, request: () => Promise<Response>): Promise<Latencies> {
  const samples: number[] = [];
  let errors = 0;
  while (Date.now() < until) {
    const started = performance.now();
    try {
      const res = await request();
      await res.arrayBuffer();
      if (res.status === 200) samples.push(performance.now() - started);
      else errors++;
    } catch {
      errors++;
    }
    await sleep(50);
  }
  return summarise(samples, errors);
}

export async function flood(options: {
  url: string;
  bystanderToken: string;
  clients: number;
  seconds: number;
}): Promise<FloodResult> {
  const { url, clients, seconds } = options;
  const until = Date.now() + seconds * 1000;
  const statuses: Record<string, number> = {};
  let next = 0;
  let jobsFinished = 0;
  let floodErrors = 0;
  const json = { 'content-type': 'application/json' };
  const auth = { authorization: `Token ${options.bystanderToken}` };

  async function client(): Promise<void> {
    while (Date.now() < until) {
      const pkg = floodPackage(next++);
      try {
        const res = await fetch(`${url}/api/external/generate-insights/`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ targeting_package: pkg }),
        });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const body = (await res.json()) as { job?: { id: string } };
        if (res.status !== 202 || !body.job) {
          await sleep(500);
          continue;
        }
        // Poll as the web app does until the report is done (or the flood is over).
        for (;;) {
          await sleep(500);
          if (Date.now() >= until) return;
          const polled = await fetch(`${url}/api/jobs/${body.job.id}/`);
          const { state } = (await polled.json()) as { state?: string };
          if (state === 'done' || state === 'failed') {
            jobsFinished++;
            break;
          }
        }
      } catch {
        floodErrors++;
        await sleep(500);
      }
    }
  }

  const flooding = Promise.all(Array.from({ length: clients }, client));
  const [bystanderEstimate, bystanderStatus] = await Promise.all([
    probe(until, () =>
      fetch(`${url}/api/build-audience/`, {
        method: 'POST',
        headers: { ...json, ...auth },
        body: JSON.stringify({ targeting_package: { languages: [{ label: 'en' }], age: ['AGE_OVER_25'] } }),
      }),
    ),
    probe(until, () => fetch(`${url}/api/engine/status/`, { headers: auth })),
  ]);
  await flooding;
  return {
    seconds,
    clients,
    floodStatuses: statuses,
    jobsFinished,
    floodErrors,
    bystanderEstimate,
    bystanderStatus,
  };
}
