import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';

/**
 * Answers carrying a package are encoded with the package's own schema (fastify-type-provider-zod
 * serialises with z.encode): gender and age, normalised on the way in, must encode on the way out.
 * Saving or listing such an audience answered 500 before.
 */
let t: TestApp;
let s: TestSession;
beforeAll(async () => {
  const { holder } = await testNetwork();
  t = await createTestApp({ creatorAccessForNewUsers: true }, { engine: holder });
  s = await t.signIn('demographics@murmur.test');
});
afterAll(() => t.close());

describe('audiences with gender and age', () => {
  it('save, list and read back with the normalised values', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/audience-configs/',
      headers: s.tokenAuth,
      payload: {
        name: 'Women over 25',
        targeting_package: { languages: [{ label: 'en' }], gender: ['women'], age: ['age_over_25'] },
      },
    });
    expect(saved.statusCode).toBe(201);
    const { id, targeting_package } = saved.json<{
      id: number;
      targeting_package: Record<string, unknown>;
    }>();
    expect(targeting_package).toMatchObject({ gender: ['FEMALE'], age: ['AGE_OVER_25'] });
    const list = await t.app.inject({ url: '/api/audience-configs/', headers: s.tokenAuth });
    expect(list.statusCode).toBe(200);
    const one = await t.app.inject({ url: `/api/audience-configs/${id}/`, headers: s.tokenAuth });
    expect(one.statusCode).toBe(200);
    expect(one.json<{ targeting_package: unknown }>().targeting_package).toMatchObject({
      gender: ['FEMALE'],
    });
  });
});
