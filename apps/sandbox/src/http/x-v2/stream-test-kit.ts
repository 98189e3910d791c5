import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AjvModule from 'ajv';
import { expect } from 'vitest';

/** X's schemas of the streams and Activity API (an excerpt of the document, __fixtures__/README.md). */
const openapi = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '__fixtures__/x-api-v2-openapi.streams.json'), 'utf8'),
) as { components: { schemas: Record<string, { discriminator?: { mapping: Record<string, string> } }> } };
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default ?? AjvModule;
const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore', format: false } as never);
ajv.addSchema({ $id: 'x', components: openapi.components });

/** Asserts that `body` is valid against the document's schema `name`. */
export function expectSchema(name: string, body: unknown): void {
  const validate = ajv.getSchema(`x#/components/schemas/${name}`)!;
  expect(validate(body), `${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
}

/**
 * The payload schema an activity line's `event_type` selects through the document's discriminator
 * (ActivityStreamingResponsePayload): its oneOf alone cannot tell the shapes apart, as several of
 * them accept any object.
 */
export function activityPayloadSchema(eventType: string): string | undefined {
  const mapping = openapi.components.schemas.ActivityStreamingResponsePayload!.discriminator!.mapping;
  return mapping[eventType]?.split('/').at(-1);
}

/** Reads a stream for `ms` and returns its raw text, headers and status. */
export async function readStream(base: string, path: string, ms: number, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/x/2/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  let text = '';
  if (response.status === 200) {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const timer = setTimeout(() => controller.abort(), ms);
    try {
      for (;;) {
        const { done, value } = (await reader.read()) as { done: boolean; value?: Uint8Array };
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted: the time is up
    }
    clearTimeout(timer);
  } else text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

/** The JSON objects of a stream's text (keep-alive newlines dropped). */
export const streamLines = (text: string) =>
  text
    .split('\r\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
