import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';

/** One item of an envelope the error-reporting SDK sent: its header and its JSON payload. */
export interface CollectedItem {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * A local stand-in for the error-reporting service's ingest endpoint (`/api/<project>/envelope/`):
 * it keeps every envelope item it receives. Tests point a DSN at it (`dsn(project)`).
 */
export async function startErrorCollector(): Promise<{
  dsn: (project?: number) => string;
  items: CollectedItem[];
  waitFor: (match: (item: CollectedItem) => boolean, timeoutMs?: number) => Promise<CollectedItem>;
  close: () => Promise<void>;
}> {
  const items: CollectedItem[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const lines = body.toString('utf8').split('\n').filter(Boolean);
      // An envelope: its header, then header/payload pairs.
      for (let i = 1; i + 1 < lines.length; i += 2) {
        const header = JSON.parse(lines[i]!) as { type: string };
        try {
          items.push({ type: header.type, payload: JSON.parse(lines[i + 1]!) as Record<string, unknown> });
        } catch {
          // Binary items (replays, attachments) are not JSON; the tests do not read them.
        }
      }
      response.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
      });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: (project = 1) => `http://publickey@127.0.0.1:${port}/${project}`,
    items,
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = items.find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`nothing matching arrived; got ${JSON.stringify(items.map((i) => i.type))}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
