import { TwitterApi } from 'twitter-api-v2';
import { partitionOf } from '@murmur/core/live';
import { describe, expect, it } from 'vitest';
import { interruptStreams } from './streams';
import { expectSchema, startStreamSandbox, streamLines } from './stream-test-kit';

const { network, sandbox, bearer, read, readWhileAdvancing } = await startStreamSandbox('streams');

const lines = streamLines;

describe("X's streams from the sandbox's running clock", () => {
  it('streams posts of one partition with their authors, each line valid against the document', async () => {
    const { status, headers, text } = await read(
      'tweets/firehose/stream?partition=3&backfill_minutes=5&expansions=author_id&tweet.fields=created_at,lang,author_id&user.fields=created_at,description,location,protected,verified,public_metrics',
      2000,
    );
    expect(status).toBe(200);
    expect(headers.get('x-rate-limit-limit')).toBe('50');
    expect(text).toContain('\r\n');
    const events = lines(text);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expectSchema('StreamPostsFirehoseResponse', event);
      const data = event.data as { author_id: string };
      expect(partitionOf(data.author_id, 20)).toBe(2);
      const users = (event.includes as { users: { id: string }[] }).users;
      expect(users.map((u) => u.id)).toContain(data.author_id);
    }
  });

  it('streams likes and deletions (compliance) valid against the document', async () => {
    const likes = lines((await read('likes/firehose/stream?partition=1&backfill_minutes=5', 2500)).text);
    expect(likes.length).toBeGreaterThan(0);
    for (const like of likes) expectSchema('StreamLikesFirehoseResponse', like);
    // Lifecycle events are rare at 2 000 accounts: let four simulated days pass while listening.
    const [deletes, users] = (
      await readWhileAdvancing(
        ['tweets/compliance/stream?partition=2', 'users/compliance/stream?partition=1'],
        96,
      )
    ).map((r) => lines(r.text));
    for (const event of deletes!) expectSchema('StreamPostsComplianceResponse', event);
    for (const event of users!) expectSchema('StreamUsersComplianceResponse', event);
    expect(deletes!.length).toBeGreaterThan(0);
  });

  it("replays 5 minutes through backfill_minutes and up to 24 hours through start_time (X's Recovery)", async () => {
    const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    /** The clock when asked, and the posts' times of partition 1 the replay began with. */
    const replay = async (query: string) => {
      const now = network.clock.now;
      // Long enough for a replay to arrive on a busy machine (300 ms once saw none of it); reading
      // longer only adds newer events, which move no bound checked below.
      const { text } = await read(
        `tweets/firehose/stream?partition=1&tweet.fields=created_at&${query}`,
        2000,
      );
      const times = lines(text).map((e) => Date.parse((e.data as { created_at: string }).created_at) / 1000);
      return { now, times, first: Math.min(...times) };
    };
    const backfill = await replay('backfill_minutes=5');
    expect(backfill.first).toBeGreaterThanOrEqual(backfill.now - 5 * 60);
    // The clock runs (two simulated hours a wall second), so which hours of the day a window holds,
    // and how many posts, depends on the machine's speed: the checks below start from a post the
    // stream did replay, not from a time that may have none (a night once held none for 2 hours).
    const start = network.clock.now - 23 * 3600;
    const day = await replay(`start_time=${iso(start)}`);
    expect(day.first).toBeGreaterThanOrEqual(Math.floor(start));
    const post = day.times.find((t) => t >= day.now - 12 * 3600 && t <= day.now - 3600);
    expect(post, 'a post of partition 1 between 12 hours and 1 hour back').toBeDefined();
    // From that post's second: the replay begins with it (or a post of the same second), over an
    // hour back, not before.
    const recovery = await replay(`start_time=${iso(Math.floor(post!))}`);
    expect(recovery.first).toBeGreaterThanOrEqual(Math.floor(post!));
    expect(recovery.first).toBeLessThanOrEqual(post!);
    expect(recovery.first).toBeLessThan(recovery.now - 30 * 60);
    // 48 hours back is cut to 24, which still holds that post.
    const tooOld = await replay(`start_time=${iso(network.clock.now - 48 * 3600)}`);
    expect(tooOld.first).toBeGreaterThanOrEqual(tooOld.now - 24 * 3600);
    expect(tooOld.first).toBeLessThanOrEqual(post!);
  });

  it('closes a stream whose end_time has passed and answers bad parameters with X problems', async () => {
    const end = new Date((network.clock.now + 1200) * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    const started = Date.now();
    const ended = await read(`tweets/compliance/stream?partition=1&end_time=${end}`, 10_000);
    expect(ended.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    for (const query of [
      'partition=0',
      'partition=21',
      '',
      'partition=1&backfill_minutes=6',
      'partition=1&start_time=yesterday',
      'partition=1&nope=1',
    ]) {
      const answer = await read(`tweets/firehose/stream?${query}`, 100);
      expect(answer.status, query).toBe(400);
      expect((JSON.parse(answer.text) as { title: string }).title).toBe('Invalid Request');
    }
    expect((await read('tweets/firehose/stream?partition=1', 100, 'wrong')).status).toBe(401);
  });

  it('refuses a third connection per app with TooManyConnections and frees closed ones', async () => {
    const first = read('users/compliance/stream?partition=4', 800);
    const second = read('users/compliance/stream?partition=4', 800);
    await new Promise((r) => setTimeout(r, 200));
    const third = await read('users/compliance/stream?partition=4', 100);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.text)).toMatchObject({ connection_issue: 'TooManyConnections' });
    await Promise.all([first, second]);
    await new Promise((r) => setTimeout(r, 100));
    expect(network.simulation.listeners.size).toBe(0);
    expect((await read('users/compliance/stream?partition=4', 100)).status).toBe(200);
  });

  it('works with the twitter-api-v2 streaming client pointed at the sandbox', async () => {
    const client = new TwitterApi(bearer, sandbox.settings);
    const stream = await client.getStream<{ data: { id: string } }>(
      `${sandbox.base}/x/2/tweets/firehose/stream`,
      { partition: 1, backfill_minutes: 1 },
      { autoConnect: true },
    );
    const received: string[] = [];
    await new Promise<void>((done) => {
      stream.on('data event content', (event: { data: { id: string } }) => {
        received.push(event.data.id);
        if (received.length >= 3) done();
      });
      setTimeout(done, 4000);
    });
    stream.close();
    expect(received.length).toBeGreaterThanOrEqual(3);
  });

  it('goes out on demand: drops its open streams and answers X’s 503 or 429, then serves again', async () => {
    const path = 'likes/firehose/stream?partition=2';
    const started = Date.now();
    // A stream open when X goes out ends then, not when its reader gives up (10 s).
    const open = read(path, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    let resume = interruptStreams(network, 503);
    expect((await open).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    const asked = Math.floor(network.clock.now) * 1000;
    const refused = await read(path, 500);
    const answered = Math.floor(network.clock.now) * 1000;
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.text)).toEqual({
      title: 'Service Unavailable',
      type: 'about:blank',
      status: 503,
      detail: 'Service Unavailable',
    });
    // X's rate headers and its date come with the refusal (a client tells X's time by it).
    expect(refused.headers.get('x-rate-limit-limit')).toBe('50');
    const dated = Date.parse(refused.headers.get('date')!);
    expect(dated).toBeGreaterThanOrEqual(asked);
    expect(dated).toBeLessThanOrEqual(answered);
    resume();
    resume = interruptStreams(network, 429);
    const limited = await read(path, 500);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text)).toMatchObject({ title: 'Too Many Requests', status: 429 });
    resume();
    expect((await read(path, 300)).status).toBe(200);
  });
});
