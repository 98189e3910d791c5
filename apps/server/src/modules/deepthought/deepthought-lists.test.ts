import { describe, expect, it, beforeAll } from 'vitest';
import type { XList } from '@murmur/core/api';
import { deepThoughtKit } from '../../test/deepthought-kit';

const dt = deepThoughtKit();
const { get, post, givePremium, signIn, xTokensFor } = dt;

describe('Deep Thought lists', () => {
  beforeAll(async () => {
    await dt.connect();
    await givePremium(dt.ann.user.id);
    // A list takes only accounts of the synced copy ("sync first").
    await dt.sync();
  });

  it('reads one list, and no other user’s', async () => {
    const created = await post<XList>('/api/user/lists/', { name: 'One list' });
    expect(created.status).toBe(200);
    const one = await get<XList>(`/api/user/lists/${created.body.id}/`);
    expect(one).toEqual({ status: 200, body: created.body });
    const bob = await signIn('bob-lists@example.com');
    await givePremium(bob.user.id);
    // Bob has no X account: 404, like a list that does not exist for dt.ann.
    expect((await get(`/api/user/lists/${created.body.id}/`, bob.tokenAuth)).status).toBe(404);
    expect((await get('/api/user/lists/999999/')).status).toBe(404);
    // A malformed id names no list either (plugins/error-handler.ts: bad path parameters are 404s).
    expect((await get('/api/user/lists/abc/')).status).toBe(404);
    await post(
      '/api/external/deepthought/accounts/',
      await xTokensFor(dt.net.graph.followers(dt.me)[0]!),
      bob.tokenAuth,
    );
    expect((await get(`/api/user/lists/${created.body.id}/`, bob.tokenAuth)).status).toBe(404);
    expect((await get('/api/user/lists/', bob.tokenAuth)).body).toEqual([]);
  });

  it('serves the same lists under /api/external/deepthought/lists/ (SPEC §7 analytics tool)', async () => {
    const created = await post<XList>('/api/external/deepthought/lists/', { name: 'Under the suite' });
    expect(created.status).toBe(200);
    expect(await get<XList>(`/api/external/deepthought/lists/${created.body.id}/`)).toEqual({
      status: 200,
      body: created.body,
    });
    // One set of lists behind both paths.
    expect((await get<XList[]>('/api/user/lists/')).body.map((l) => l.id)).toContain(created.body.id);
    expect((await get<XList[]>('/api/external/deepthought/lists/')).body).toEqual(
      (await get<XList[]>('/api/user/lists/')).body,
    );
    expect((await get('/api/external/deepthought/lists/999999/')).status).toBe(404);
  });

  it('creates, renames and fills a list on X and locally, then deletes it', async () => {
    const created = await post<XList>('/api/user/lists/', { name: 'Close friends', description: 'mine' });
    expect(created.status).toBe(200);
    const lists = await get<XList[]>('/api/user/lists/');
    expect(lists.body.map((l) => l.name)).toContain('Close friends');
    const member = dt.net.accounts.ids[dt.net.graph.followers(dt.me)[0]!]!.toString();
    const members = await post<{ members: { id: string }[] }>(`/api/user/lists/${created.body.id}/members/`, {
      add: [member],
    });
    expect(members.body.members.map((m) => m.id)).toEqual([member]);
    const renamed = await dt.app.inject({
      method: 'PATCH',
      url: `/api/user/lists/${created.body.id}/`,
      payload: { name: 'Best friends' },
      headers: dt.ann.tokenAuth,
    });
    expect(renamed.json<XList>()).toMatchObject({ name: 'Best friends', member_count: 1 });
    const tooLong = await post('/api/user/lists/', { name: 'x'.repeat(26) });
    expect(tooLong.status).toBe(400);
    const deleted = await dt.app.inject({
      method: 'DELETE',
      url: `/api/user/lists/${created.body.id}/`,
      headers: dt.ann.tokenAuth,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get<XList[]>('/api/user/lists/')).body.map((l) => l.id)).not.toContain(created.body.id);
  });
});
