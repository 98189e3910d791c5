import { TwitterApi } from 'twitter-api-v2';
import { describe, expect, it } from 'vitest';
import { activityPayloadSchema, expectSchema, startStreamSandbox, streamLines } from './stream-test-kit';

const { network, sandbox, bearer, read, readWhileAdvancing } = await startStreamSandbox('activity');

interface ActivityLine {
  data: {
    event_type: string;
    event_uuid: string;
    filter: { user_id: string; direction?: string };
    payload: Record<string, unknown>;
    includes?: { users: { id: string }[] };
    tag?: string;
  };
}

/** Every line valid against ActivityStreamResponse, its payload against the schema its event_type selects. */
function expectActivityLine(line: Record<string, unknown>): ActivityLine {
  const { data } = line as unknown as ActivityLine;
  const { payload, ...rest } = data;
  expectSchema('ActivityStreamResponse', { data: rest });
  const schema = activityPayloadSchema(data.event_type);
  expect(schema, data.event_type).toBeDefined();
  expectSchema(schema!, payload);
  // The id is a Snowflake of the event's instant.
  const at = Number((BigInt(data.event_uuid) >> 22n) + 1288834974657n);
  expect(Math.abs(at - network.clock.now * 1000)).toBeLessThan(6 * 86400_000);
  return line as unknown as ActivityLine;
}

async function api(method: string, path: string, body?: object) {
  const response = await fetch(`${sandbox.base}/x/2/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe("X's Activity API from the sandbox's running clock", () => {
  it('streams follows, unfollows, profile updates and post deletes, each line valid against the document', async () => {
    // Profile edits are rare at 2 000 accounts (about four bio edits in four simulated days, fewer
    // when a bio was empty, none at all in some stretches): listen four simulated days at a time, up to
    // twenty, until each kind of event has come by.
    const wanted = ['follow.follow', 'follow.unfollow', 'profile.update.bio', 'post.delete'];
    const types = new Map<string, number>();
    for (let round = 0; round < 5 && wanted.some((type) => !types.has(type)); round++) {
      const accountsBefore = network.accounts.count;
      const { status, headers, text } = (
        await readWhileAdvancing(['activity/stream?backfill_minutes=5'], 96)
      )[0]!;
      expect(status).toBe(200);
      expect(headers.get('x-rate-limit-limit')).toBe('50');
      const sources = new Set<string>();
      for (const raw of streamLines(text)) {
        const { data } = expectActivityLine(raw);
        types.set(data.event_type, (types.get(data.event_type) ?? 0) + 1);
        if (data.event_type.startsWith('follow.')) {
          const { source } = data.payload as { source: { id: string } };
          sources.add(source.id);
          expect(data.filter).toEqual({ user_id: source.id, direction: 'outbound' });
        }
        if (data.event_type.startsWith('profile.update.')) {
          expect(data.includes!.users[0]!.id).toBe(data.filter.user_id);
          const { before, after } = data.payload as { before: string; after: string };
          expect(after).not.toBe(before);
        }
      }
      // Accounts born while it listened appear with their sign-up follows (X's Activity API has no
      // event for a new account; this and a first post's author expansion are how a collector learns them).
      const born = network.simulation.lifecycle!.births!.born.filter((u) => u >= accountsBefore);
      for (const u of born) expect(sources.has(network.accounts.ids[u]!.toString())).toBe(true);
    }
    for (const type of wanted) expect(types.get(type) ?? 0, type).toBeGreaterThan(0);
  });

  it('creates, lists, updates and deletes subscriptions, and then streams only what they take', async () => {
    // The most followed account: follows towards it happen every simulated hour or so.
    let star = 0;
    for (let a = 1; a < network.accounts.count; a++)
      if (network.graph.inDegree[a]! > network.graph.inDegree[star]!) star = a;
    const starId = network.accounts.ids[star]!.toString();
    const created = await api('POST', 'activity/subscriptions', {
      event_type: 'follow.follow',
      filter: { user_id: starId, direction: 'inbound' },
      tag: 'star',
    });
    expect(created.status).toBe(200);
    expectSchema('CreateActivitySubscriptionResponse', created.body);
    const id = (created.body.data as { subscription: { subscription_id: string } }).subscription
      .subscription_id;
    const other = await api('POST', 'activity/subscriptions', { event_type: 'post.delete', filter: {} });
    expectSchema('CreateActivitySubscriptionResponse', other.body);
    const listed = await api('GET', 'activity/subscriptions?max_results=1');
    expectSchema('GetActivitySubscriptionsResponse', listed.body);
    expect((listed.body.data as unknown[]).length).toBe(1);
    const updated = await api('PUT', `activity/subscriptions/${id}`, { tag: 'the star' });
    expectSchema('UpdateActivitySubscriptionResponse', updated.body);
    expect(updated.body.data).toMatchObject({ subscription: { tag: 'the star' }, total_subscriptions: 2 });

    const got = streamLines((await readWhileAdvancing(['activity/stream'], 48))[0]!.text).map(
      expectActivityLine,
    );
    expect(got.length).toBeGreaterThan(0);
    for (const { data } of got) {
      if (data.event_type === 'follow.follow') {
        expect(data.filter).toEqual({ user_id: starId, direction: 'inbound' });
        expect(data.tag).toBe('the star');
        expect((data.payload.target as { id: string }).id).toBe(starId);
      } else expect(data.event_type).toBe('post.delete');
    }

    const deleted = await api('DELETE', `activity/subscriptions/${id}`);
    expectSchema('DeleteActivitySubscriptionResponse', deleted.body);
    const otherId = (other.body.data as { subscription: { subscription_id: string } }).subscription
      .subscription_id;
    const many = await api('DELETE', `activity/subscriptions?ids=${otherId},123`);
    expectSchema('DeleteActivitySubscriptionsByIdsResponse', many.body);
    expect(many.body.meta).toEqual({ total_subscriptions: 0 });
    expect((await api('DELETE', `activity/subscriptions/${id}`)).status).toBe(404);
    for (const bad of [
      { event_type: 'follow.nothing', filter: {} },
      { event_type: 'follow.follow' },
      { event_type: 'follow.follow', filter: { user_id: '1' } },
      { event_type: 'follow.follow', filter: { direction: 'sideways' } },
      { event_type: 'follow.follow', filter: {}, extra: 1 },
    ]) {
      const answer = await api('POST', 'activity/subscriptions', bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expectSchema('InvalidRequestProblem', answer.body);
    }
    for (const query of ['partition=1', 'backfill_minutes=6', 'start_time=yesterday'])
      expect((await read(`activity/stream?${query}`, 100)).status, query).toBe(400);
  });

  it('works with the twitter-api-v2 streaming client and its v2 calls', async () => {
    const client = new TwitterApi(bearer, sandbox.settings);
    const made = await client.v2.post<{ data: { subscription: { subscription_id: string } } }>(
      'activity/subscriptions',
      { event_type: 'follow.unfollow', filter: {} },
    );
    const stream = await client.getStream<ActivityLine>(
      `${sandbox.base}/x/2/activity/stream`,
      { backfill_minutes: 5 },
      { autoConnect: true },
    );
    const received: string[] = [];
    await new Promise<void>((done) => {
      stream.on('data event content', (event: ActivityLine) => {
        received.push(event.data.event_type);
        if (received.length >= 3) done();
      });
      setTimeout(done, 4000);
    });
    stream.close();
    await client.v2.delete(`activity/subscriptions/${made.data.subscription.subscription_id}`);
    expect(received.length).toBeGreaterThanOrEqual(3);
    expect(new Set(received)).toEqual(new Set(['follow.unfollow']));
  });
});
