import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AudienceEngine } from '@murmur/engine';
import { createTestApp, type TestApp } from './test-app';
import { testNetwork } from './test-engine';

/** The app of an explore test file, on the test network's engine. */
export interface ExploreTestApp {
  readonly app: FastifyInstance;
  readonly engine: AudienceEngine;
  /** The most followed accounts of the test network, most followed first. */
  readonly stars: string[];
  /** POST /api/external/<url> with a JSON payload. */
  post(url: string, payload: object): Promise<LightMyRequestResponse>;
}

/** Starts the app before the file's tests (beforeAll), with the handles of its `starCount` stars. */
export function useExploreTestApp(starCount: number): ExploreTestApp {
  let t: TestApp;
  let engine: AudienceEngine;
  let stars: string[];
  beforeAll(async () => {
    const network = await testNetwork();
    engine = network.engine;
    t = await createTestApp({}, { engine: network.holder });
    stars = engine
      .describeAccounts(engine.explore.mostFollowed(engine.explore.everyone(), starCount))
      .map((a) => a.handle);
  });
  afterAll(() => t.close());

  return {
    get app() {
      return t.app;
    },
    get engine() {
      return engine;
    },
    get stars() {
      return stars;
    },
    post: (url, payload) => t.app.inject({ method: 'POST', url: `/api/external/${url}`, payload }),
  };
}
