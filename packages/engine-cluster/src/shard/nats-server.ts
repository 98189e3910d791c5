import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as tcpConnect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's nats-server; NATS_SERVER overrides it. */
const binary = (): string => process.env.NATS_SERVER || '/usr/sbin/nats-server';

export interface RunningNats {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts nats-server on 127.0.0.1 (a free port unless given; JetStream in a temporary folder,
 * removed on stop, when asked) and resolves once it accepts connections. Used by scripts/nats.mjs,
 * `npm run dev:cluster`, the sharded engine's tests and bench:shards (scale-out).
 */
export async function startNats(
  options: {
    port?: number;
    jetstream?: boolean;
    /** The largest message the server accepts (NATS's default: 1 MB); tests of chunked replies lower it. */
    maxPayload?: number;
    log?: (line: string) => void;
  } = {},
): Promise<RunningNats> {
  const port = options.port ?? (await freePort());
  const args = ['-a', '127.0.0.1', '-p', String(port)];
  let store: string | undefined;
  if (options.jetstream || options.maxPayload !== undefined)
    store = mkdtempSync(join(tmpdir(), 'murmur-nats-'));
  if (options.jetstream) args.push('-js', '-sd', store!);
  if (options.maxPayload !== undefined) {
    // max_payload has no command-line flag: a one-line configuration file beside the store.
    const conf = join(store!, 'nats.conf');
    writeFileSync(conf, `max_payload: ${Math.floor(options.maxPayload)}\n`);
    args.push('-c', conf);
  }
  const child = spawn(binary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    options.log?.(d.toString().trimEnd());
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const failed = new Promise<never>((_, reject) =>
    child.once('error', (e) => reject(new Error(`Cannot start ${binary()}: ${e.message}`))),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    if (store) rmSync(store, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  const ready = (async () => {
    while (!(await accepts(port))) {
      if (child.exitCode !== null) throw new Error(`nats-server exited (${child.exitCode}): ${stderr}`);
      if (Date.now() > deadline) throw new Error(`nats-server did not listen on port ${port} within 10 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    await Promise.race([ready, failed]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `nats://127.0.0.1:${port}`, port, pid: child.pid!, stop };
}
