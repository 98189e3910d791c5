import { test } from '@playwright/test';
import { startServer, type RunningServer } from './server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

/** The sender the journeys that check mail headers configure. */
export const MAIL_FROM = 'Murmur <no-reply@murmur.test>';

/** The product and the SMTP sink its mail goes to, as a spec file's tests reach them. */
export interface JourneyServer {
  readonly server: RunningServer;
  readonly sink: SmtpSink;
}

/**
 * One server and one SMTP sink for the spec file: started before its first test, stopped after its
 * last. `env` is added to the server's environment (SMTP_URL already points at the sink).
 */
export function useJourneyServer(env: Record<string, string> = {}): JourneyServer {
  let sink: SmtpSink | undefined;
  let server: RunningServer | undefined;

  test.beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ SMTP_URL: sink.url, ...env });
  });

  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  return {
    get server() {
      if (!server) throw new Error('The server starts in beforeAll: use it inside a test');
      return server;
    },
    get sink() {
      if (!sink) throw new Error('The SMTP sink starts in beforeAll: use it inside a test');
      return sink;
    },
  };
}
