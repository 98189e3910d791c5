import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { flushErrorReporting, initErrorReporting, setReportedUser } from './error-reporting';

// A local stand-in for the error-reporting service's ingest endpoint, started by this test (Vitest runs
// jsdom inside Node; the web's types know no Node modules, hence the narrow shapes below).
interface Collected {
  type: string;
  payload: Record<string, unknown>;
}
interface NodeHttp {
  createServer(
    handler: (
      request: { on(event: string, listener: (chunk?: Uint8Array) => void): void },
      response: { writeHead(status: number, headers: Record<string, string>): void; end(body: string): void },
    ) => void,
  ): {
    listen(port: number, host: string, done: () => void): void;
    address(): { port: number };
    close(done: () => void): void;
  };
}

const items: Collected[] = [];
let server: ReturnType<NodeHttp['createServer']>;
let dsn = '';

beforeAll(async () => {
  const http = (await import(/* @vite-ignore */ ['node', 'http'].join(':'))) as NodeHttp;
  server = http.createServer((request, response) => {
    const chunks: Uint8Array[] = [];
    request.on('data', (chunk) => chunks.push(chunk!));
    request.on('end', () => {
      const text = new TextDecoder().decode(
        chunks.reduce((all, chunk) => new Uint8Array([...all, ...chunk]), new Uint8Array()),
      );
      const lines = text.split('\n').filter(Boolean);
      for (let i = 1; i + 1 < lines.length; i += 2) {
        try {
          items.push({
            type: (JSON.parse(lines[i]!) as { type: string }).type,
            payload: JSON.parse(lines[i + 1]!) as Record<string, unknown>,
          });
        } catch {
          // Not JSON: not read here.
        }
      }
      response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dsn = `http://publickey@127.0.0.1:${server.address().port}/1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(resolve)));

const waitForEvent = async () => {
  for (let i = 0; i < 100; i += 1) {
    const event = items.find((item) => item.type === 'event');
    if (event) return event.payload;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no event arrived: ${JSON.stringify(items.map((item) => item.type))}`);
};

describe('browser error reporting (SPEC §1, §9)', () => {
  it('is off without a DSN: the SDK is not even loaded', async () => {
    const load = vi.fn();
    expect(await initErrorReporting(undefined, 'production', load)).toBe(false);
    expect(await initErrorReporting('', 'production', load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('sends an uncaught error to the collector with its stack, the user id and the dashboard version', async () => {
    // SPEC §9 samples errors at 0.5: this one falls in the kept half.
    vi.spyOn(Math, 'random').mockReturnValue(0.1);
    setReportedUser(42);
    expect(await initErrorReporting(dsn, 'production')).toBe(true);
    const error = new Error('the chart fell over');
    // What the browser does with an uncaught error: it calls the global onerror handler, which the
    // SDK has wrapped.
    const onerror = (globalThis as { onerror?: OnErrorEventHandler }).onerror;
    expect(typeof onerror).toBe('function');
    onerror?.call(window, error.message, 'http://localhost/assets/app.js', 1, 1, error);
    await flushErrorReporting();
    const event = (await waitForEvent()) as {
      release: string;
      user: { id: string };
      exception: { values: { value: string; stacktrace?: { frames: unknown[] } }[] };
    };
    expect(event.release).toBe('30.7.3');
    expect(event.user).toEqual({ id: '42' });
    expect(event.exception.values[0]!.value).toBe('the chart fell over');
    expect(event.exception.values[0]!.stacktrace?.frames.length).toBeGreaterThan(0);
    vi.restoreAllMocks();
  });
});
