import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AjvModule from 'ajv';
import { afterAll, expect } from 'vitest';
import { generateNetwork } from '../../generate/network';
import { SANDBOX_DEV_CREDENTIALS } from '../options';
import { startSandbox } from '../x-test-kit';

/** X's schemas of the streams and Activity API (an excerpt of the document, __fixtures__/README.md). */
const openapi = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '__fixtures__/x-api-v2-openapi.streams.json'), 'utf8'),
) as { components: { schemas: Record<string, { discriminator?: { mapping: Record<string, string> } }> } };
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default ?? AjvModule;
const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore', format: false } as never);
ajv.addSchema({ $id: 'x', components: openapi.components });

/** Asserts that `body` is valid against the document's schema `name`. */
export function expectSchema(name: string, body: unknown): void {
  const validate = ajv.getSchema(`x#/components/schemas/${name}`)!;
  expect(validate(body), `${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
}

/**
 * The payload schema an activity line's `event_type` selects through the document's discriminator
 * (ActivityStreamingResponsePayload): its oneOf alone cannot tell the shapes apart, as several of
 * them accept any object.
 */
export function activityPayloadSchema(eventType: string): string | undefined {
  const mapping = openapi.components.schemas.ActivityStreamingResponsePayload!.discriminator!.mapping;
  return mapping[eventType]?.split('/').at(-1);
}

/**
 * Reads a stream for `ms`, or until `stop` settles when it is a promise, and returns its raw text,
 * headers and status.
 */
export async function readStream(base: string, path: string, stop: number | Promise<unknown>, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/x/2/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  let text = '';
  if (response.status === 200) {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let timer: NodeJS.Timeout | undefined;
    if (typeof stop === 'number') timer = setTimeout(() => controller.abort(), stop);
    else void stop.finally(() => controller.abort());
    try {
      for (;;) {
        const { done, value } = (await reader.read()) as { done: boolean; value?: Uint8Array };
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted: the time is up
    }
    clearTimeout(timer);
  } else text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

/** The JSON objects of a stream's text (keep-alive newlines dropped). */
export const streamLines = (text: string) =>
  text
    .split('\r\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/**
 * A small network (2 000 accounts, seeded by `seed`) whose clock runs two simulated hours per second,
 * served with a short keep-alive and two connections per app; closed after the file's tests. `read`
 * reads a stream for `ms` milliseconds with the development bearer token (or `token`); `advance`
 * moves the simulated clock on.
 */
export async function startStreamSandbox(seed: string) {
  const network = generateNetwork({
    accounts: 2000,
    seed,
    historyDays: 2,
    now: Date.UTC(2026, 7, 1) / 1000,
  });
  const sandbox = await startSandbox({
    network,
    clock: { speed: 7200, stepSeconds: 1 },
    streams: { keepAliveMs: 150, connectionsPerApp: 2 },
  });
  afterAll(async () => {
    sandbox.settings.httpAgent?.destroy();
    sandbox.app.server.closeAllConnections();
    await sandbox.app.close();
  });
  const bearer: string = SANDBOX_DEV_CREDENTIALS.x.bearerToken;
  const read = (path: string, ms: number, token = bearer) => readStream(sandbox.base, path, ms, token);
  /** Lets `hours` simulated hours pass (POST /simulate/advance); its answer must be a 200. */
  const advance = async (hours: number) => {
    const answer = await fetch(`${sandbox.base}/simulate/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hours }),
    });
    expect(answer.status).toBe(200);
  };
  /**
   * Reads streams while `hours` simulated hours pass, then `graceMs` more: however long the advance
   * takes on a loaded machine, every event it makes is read (a fixed window cut them off).
   */
  const readWhileAdvancing = async (paths: readonly string[], hours: number, graceMs = 1000) => {
    let advanced!: () => void;
    const done = new Promise<void>((resolve) => (advanced = resolve));
    const reading = Promise.all(paths.map((path) => readStream(sandbox.base, path, done, bearer)));
    await new Promise((r) => setTimeout(r, 300));
    await advance(hours);
    setTimeout(advanced, graceMs);
    return reading;
  };
  return { network, sandbox, bearer, read, advance, readWhileAdvancing };
}
