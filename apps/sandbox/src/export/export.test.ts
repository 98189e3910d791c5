import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateNetwork } from '../generate/network';
import type { Network } from '../network';
import { EXPORT_FORMAT, EXPORT_VERSION, exportChunks } from './ndjson-export';

async function digest(net: Network): Promise<{ sha: string; chunks: string[] }> {
  const hash = createHash('sha256');
  const chunks: string[] = [];
  for await (const chunk of exportChunks(net)) {
    hash.update(chunk);
    chunks.push(chunk);
  }
  return { sha: hash.digest('hex'), chunks };
}

const config = { accounts: 2000, seed: 'export', historyDays: 5 };

describe('bulk export', () => {
  it('is byte-identical for the same seed and size, and different for another seed', async () => {
    const first = await digest(generateNetwork(config));
    const second = await digest(generateNetwork(config));
    const other = await digest(generateNetwork({ ...config, seed: 'export-2' }));
    expect(second.sha).toBe(first.sha);
    expect(other.sha).not.toBe(first.sha);
  });

  it('streams versioned NDJSON in bounded chunks, with every record type and a trailer', async () => {
    const net = generateNetwork(config);
    const { chunks } = await digest(net);
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(200_000);
    const lines = chunks.join('').trimEnd().split('\n');
    const records = lines.map((l) => JSON.parse(l) as { type?: string; format?: string });
    expect(records[0]).toMatchObject({
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      seed: 'export',
      accounts: 2000,
    });
    const count = (type: string): number => records.filter((r) => r.type === type).length;
    expect(count('account')).toBe(2000);
    expect(count('post')).toBe(net.posts.length);
    expect(count('list')).toBe(net.lists.count);
    expect(count('catalogue')).toBe(7);
    expect(count('follow') + count('unfollow')).toBeGreaterThan(0);
    expect(records.at(-1)).toEqual({ type: 'end', records: lines.length });
  });

  it("carries each account's attributes and each post's engagements", async () => {
    const net = generateNetwork(config);
    const { chunks } = await digest(net);
    const records = chunks
      .join('')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const account = records.find((r) => r.type === 'account')!;
    for (const field of [
      'id',
      'handle',
      'name',
      'bio',
      'location',
      'country',
      'lang',
      'gender',
      'age',
      'created',
      'verified',
      'protected',
      'followers',
      'following',
      'posts',
      'device',
      'operator',
      'interests',
      'avatar',
    ]) {
      expect(account).toHaveProperty(field);
    }
    const following = records
      .filter((r) => r.type === 'following')
      .reduce((s, r) => s + (r.to as number[]).length, 0);
    expect(following).toBe(net.graph.edgeCount);
    const liked = records.find((r) => r.type === 'post' && (r.likes as number) > 0)!;
    expect((liked.likedBy as unknown[]).length).toBe(liked.likes);
  });
});
