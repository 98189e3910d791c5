import { test } from '@playwright/test';
import { startServer, type RunningServer } from './server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

/** The sender every journey server is configured with (the journeys that check mail headers expect it). */
export const MAIL_FROM = 'Murmur <no-reply@murmur.test>';

/** The product and the SMTP sink its mail goes to, as a spec file's tests reach them. */
export interface JourneyServer {
  readonly server: RunningServer;
  readonly sink: SmtpSink;
}

export interface JourneyServerOptions {
  /**
   * A server of the spec file's own, started before its first test and stopped after its last,
   * instead of the one shared with the other spec files that ask for the same settings. For a
   * journey that depends on what no other journey has done on the server (say, being the first to
   * sign in with the sandbox's first X account).
   */
  own?: boolean;
}

interface Started {
  server: RunningServer;
  sink: SmtpSink;
}

async function start(env: Record<string, string>): Promise<Started> {
  const sink = await startSmtpSink();
  try {
    return { sink, server: await startServer({ SMTP_URL: sink.url, MAIL_FROM, ...env }) };
  } catch (error) {
    await sink.close();
    throw error;
  }
}

async function stop(started: Started): Promise<void> {
  await started.server.stop();
  await started.sink.close();
}

/**
 * The servers this test worker shares between spec files, by their settings. Playwright runs a
 * project's spec files one after another in one worker (playwright.config.ts groups the files by
 * the settings their server needs), so each setting's server starts once per worker, not per file.
 * Only the last one asked for stays up; the worker's exit stops it (server.ts, server-child.mjs).
 */
const shared = new Map<string, Promise<Started>>();

async function sharedServer(env: Record<string, string>): Promise<Started> {
  // Keyed by the environment the server gets: a file that names the default MAIL_FROM shares the
  // server of one that does not.
  const key = JSON.stringify(Object.entries({ MAIL_FROM, ...env }).sort(([a], [b]) => a.localeCompare(b)));
  const existing = shared.get(key);
  if (existing) return existing;
  // One server at a time: a different setting stops the previous one (its memory back).
  for (const [otherKey, other] of shared) {
    shared.delete(otherKey);
    await other.then(stop, () => undefined);
  }
  // Several files sign in from 127.0.0.1 within the 15 minutes the per-IP cap on sign-in codes
  // counts (its default of 20, docs/API.md "Limits by client", fits one file): a shared server
  // counts them all. The per-address cap, which the journeys' own addresses keep apart, stays.
  const starting = start({ SIGN_IN_CODES_PER_IP: '200', ...env });
  shared.set(key, starting);
  // A failed start is not kept: the next spec file tries again.
  starting.catch(() => shared.delete(key));
  return starting;
}

/**
 * The server and SMTP sink a spec file's tests use: `env` is added to the server's environment
 * (SMTP_URL already points at the sink, MAIL_FROM is set). Spec files asking for the same `env`
 * share one server (see `sharedServer`), so a journey uses its own users, addresses and team
 * names and no global counts; a retry, and a file that asks for `own`, get a fresh server.
 */
export function useJourneyServer(
  env: Record<string, string> = {},
  options: JourneyServerOptions = {},
): JourneyServer {
  let started: Started | undefined;
  let own = false;

  test.beforeAll(async () => {
    // Starting a server (or stopping the previous one first) is this hook's work, whatever the spec
    // file's own test timeout; startServer gives up after 240 s.
    test.info().setTimeout(Math.max(test.info().timeout, 300_000));
    // A retry starts from a clean server, as the first attempt did.
    own = options.own === true || test.info().retry > 0;
    started = own ? await start(env) : await sharedServer(env);
  });

  test.afterAll(async () => {
    if (own && started) await stop(started);
  });

  return {
    get server() {
      if (!started) throw new Error('The server starts in beforeAll: use it inside a test');
      return started.server;
    },
    get sink() {
      if (!started) throw new Error('The SMTP sink starts in beforeAll: use it inside a test');
      return started.sink;
    },
  };
}
