// The NATS side of the sharded engine's questions (sharded-engine.ts): which errors a shard's
// reply stands for, and replies streamed in chunks.
import type { MsgHdrs, NatsConnection } from '@nats-io/transport-node';
import { EmptyTargetingError } from '@murmur/engine';

export const isNamed = (error: unknown, name: string): boolean => {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e.name === name || e.constructor.name === name) return true;
    if ('isNoResponders' in e && typeof e.isNoResponders === 'function' && name === 'NoRespondersError')
      return (e as { isNoResponders(): boolean }).isNoResponders();
  }
  return false;
};

/** An error a shard answered with, as this side's error (an empty package stays a 4xx). */
export function remoteError(shard: number, reply: { name: string; message: string }): Error {
  if (reply.name === 'EmptyTargetingError') return new EmptyTargetingError();
  const error = new Error(`Shard ${shard}: ${reply.message}`);
  error.name = reply.name;
  return error;
}

function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * A reply sent in chunks (shard-service.ts `respondInChunks`), joined; undefined when the replica
 * did not finish within `timeout` (killed mid-reply, or too slow).
 */
export async function requestChunks(
  nc: NatsConnection,
  subject: string,
  payload: Uint8Array,
  timeout: number,
  headers: MsgHdrs | undefined,
): Promise<Uint8Array | undefined> {
  const replies = await nc.requestMany(subject, payload, {
    strategy: 'sentinel',
    maxWait: timeout,
    ...(headers && { headers }),
  });
  const chunks: Uint8Array[] = [];
  for await (const m of replies) {
    if (m.data.length === 0) return joinChunks(chunks);
    chunks.push(m.data);
  }
  return undefined;
}
