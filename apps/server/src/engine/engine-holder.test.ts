import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { buildEngineInBackground, unavailableEngine } from './engine-holder';
import { ServiceUnavailable } from '../errors';

describe('engine holder', () => {
  it('answers 503 with progress while loading, then hands out the engine', async () => {
    const network = generateNetwork({ accounts: 1500, seed: 'holder' });
    const holder = buildEngineInBackground({ source: exportChunks(network), totalRecords: 10_000 });
    expect(holder.status().state).toBe('loading');
    expect(() => holder.get()).toThrow(ServiceUnavailable);
    expect(() => holder.get()).toThrow(/loading/);
    const engine = await holder.ready();
    expect(holder.get()).toBe(engine);
    expect(holder.status()).toMatchObject({ state: 'ready', accounts: 1500 });
  });

  it('starts the worker pool when the engine is ready and stops it on close', async () => {
    const network = generateNetwork({ accounts: 1500, seed: 'holder' });
    const holder = buildEngineInBackground({ source: exportChunks(network), workers: 1 });
    expect(() => holder.work()).toThrow(/loading/);
    await holder.ready();
    expect(holder.status()).toMatchObject({ state: 'ready', workers: 1 });
    const { threadId: worker } = await holder.work().run('thread', null);
    expect(worker).not.toBe(threadId);
    await holder.close();
    await expect(holder.work().run('thread', null)).rejects.toThrow(/closed/);
  });

  it('reports a failed build with its reason', async () => {
    const holder = buildEngineInBackground({ source: ['{"type":"nonsense"}\n', 'not json\n'] });
    await expect(holder.ready()).rejects.toThrow();
    expect(holder.status().state).toBe('failed');
    expect(() => holder.get()).toThrow(/could not be loaded/);
  });

  it('a missing snapshot is a 503 with the reason', async () => {
    const holder = unavailableEngine('No network snapshot is configured.');
    expect(() => holder.get()).toThrow('No network snapshot is configured.');
    await expect(holder.ready()).rejects.toThrow(ServiceUnavailable);
  });
});
