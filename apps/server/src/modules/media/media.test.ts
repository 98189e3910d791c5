import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdMedia, FileComplete, FilePolicy } from '@murmur/core/api';
import type { Config } from '../../config';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { ONLY_CREATOR_OR_ADMIN } from '../../lib/team-rule';
import { teamKit } from '../../test/team-kit';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2980b9' } })
    .jpeg()
    .toBuffer();

/** A multipart body as a browser's FormData would send it: the policy's fields, then the file. */
function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----murmurtest' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Ctx {
  t: TestApp;
  ann: TestSession;
  bob: TestSession;
  slug: string;
  /** Posts the file where the policy says (in-process for disk, over HTTP for S3); the status. */
  upload(policy: FilePolicy, file: { name: string; type: string; data: Buffer }): Promise<number>;
  /** GETs a stored file's public URL; its status and bytes. */
  fetchFile(url: string): Promise<{ status: number; bytes: Buffer }>;
}

async function setUp(overrides: Partial<Config>, viaHttp: boolean): Promise<Ctx> {
  const t = await createTestApp(overrides);
  const ann = await t.signIn('ann@example.com');
  const bob = await t.signIn('bob@example.com');
  const team = await t.app.inject({
    method: 'POST',
    url: '/api/teams/',
    headers: ann.tokenAuth,
    payload: { name: 'Media team' },
  });
  return {
    t,
    ann,
    bob,
    slug: team.json<{ slug: string }>().slug,
    async upload(policy, file) {
      const { body, contentType } = multipart(policy.fields, file);
      if (viaHttp) {
        const res = await fetch(policy.url, {
          method: 'POST',
          body,
          headers: { 'content-type': contentType },
        });
        return res.status;
      }
      const res = await t.app.inject({
        method: 'POST',
        url: new URL(policy.url).pathname,
        payload: body,
        headers: { 'content-type': contentType },
      });
      return res.statusCode;
    },
    async fetchFile(url) {
      if (viaHttp) {
        const res = await fetch(url);
        return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
      }
      const res = await t.app.inject({ url: new URL(url).pathname });
      return { status: res.statusCode, bytes: res.rawPayload };
    },
  };
}

function suite(name: string, make: () => Promise<Ctx>, after: () => Promise<void> = () => Promise.resolve()) {
  describe(name, () => {
    let c: Ctx;
    beforeAll(async () => {
      c = await make();
    }, 60_000);
    afterAll(async () => {
      await c?.t.close();
      await after();
    });

    const policy = async (session: TestSession, body: object) =>
      c.t.app.inject({
        method: 'POST',
        url: '/api/api/files/policy/',
        headers: session.tokenAuth,
        payload: body,
      });
    const complete = async (session: TestSession, key: string) =>
      c.t.app.inject({
        method: 'POST',
        url: '/api/api/files/complete/',
        headers: session.tokenAuth,
        payload: { key },
      });

    it('uploads an image, checks it, makes a thumbnail and adds it to the library', async () => {
      const data = await png(640, 360);
      const signed = await policy(c.ann, {
        team: c.slug,
        filename: 'Summer sale!.PNG',
        content_type: 'image/png',
        size: data.length,
      });
      expect(signed.statusCode, signed.body).toBe(200);
      const p = signed.json<FilePolicy>();
      expect(await c.upload(p, { name: 'Summer sale!.PNG', type: 'image/png', data })).toBeLessThan(300);
      const done = await complete(c.ann, p.key);
      expect(done.statusCode, done.body).toBe(200);
      const file = done.json<FileComplete>();
      expect(file).toMatchObject({ mime: 'image/png', size: data.length, width: 640, height: 360 });
      const thumb = await c.fetchFile(file.thumbnail_url);
      expect(thumb.status).toBe(200);
      expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
      const original = await c.fetchFile(file.url);
      expect(original.bytes.equals(data)).toBe(true);

      // Somebody else cannot complete or claim it; outsiders do not see the library.
      expect((await complete(c.bob, p.key)).statusCode).toBe(404);
      const added = await c.t.app.inject({
        method: 'POST',
        url: '/api/ad-media/',
        headers: c.ann.tokenAuth,
        payload: { team: c.slug, file: p.key, name: 'Summer sale' },
      });
      expect(added.statusCode, added.body).toBe(201);
      const media = added.json<AdMedia>();
      expect(media).toMatchObject({ name: 'Summer sale', width: 640, height: 360, url: file.url });
      const list = await c.t.app.inject({ url: `/api/ad-media/?team=${c.slug}`, headers: c.ann.tokenAuth });
      expect(list.json<AdMedia[]>().map((m) => m.id)).toEqual([media.id]);
      expect(
        (await c.t.app.inject({ url: `/api/ad-media/?team=${c.slug}`, headers: c.bob.tokenAuth })).statusCode,
      ).toBe(404);
      expect(
        (
          await c.t.app.inject({
            method: 'DELETE',
            url: `/api/ad-media/${media.id}/`,
            headers: c.bob.tokenAuth,
          })
        ).statusCode,
      ).toBe(404);

      const removed = await c.t.app.inject({
        method: 'DELETE',
        url: `/api/ad-media/${media.id}/`,
        headers: c.ann.tokenAuth,
      });
      expect(removed.statusCode).toBe(204);
      expect((await c.fetchFile(file.url)).status).toBe(404);
      expect((await c.fetchFile(file.thumbnail_url)).status).toBe(404);
    });

    it('who may delete: a member their own media, not the admin’s; the admin anything', async () => {
      const team = await c.t.app.inject({ url: `/api/teams/${c.slug}/`, headers: c.ann.tokenAuth });
      const cleo = await c.t.signIn(`cleo-${name.replace(/\W/g, '')}@example.com`);
      await teamKit(() => c.t).join(team.json<{ id: number }>(), c.ann, cleo);
      const addMedia = async (who: TestSession, label: string) => {
        const data = await png(64, 64);
        const p = (
          await policy(who, { team: c.slug, filename: 'a.png', content_type: 'image/png', size: data.length })
        ).json<FilePolicy>();
        expect(await c.upload(p, { name: 'a.png', type: 'image/png', data })).toBeLessThan(300);
        expect((await complete(who, p.key)).statusCode).toBe(200);
        const added = await c.t.app.inject({
          method: 'POST',
          url: '/api/ad-media/',
          headers: who.tokenAuth,
          payload: { team: c.slug, file: p.key, name: label },
        });
        expect(added.statusCode, added.body).toBe(201);
        return added.json<AdMedia>().id;
      };
      const remove = (who: TestSession, id: number) =>
        c.t.app.inject({ method: 'DELETE', url: `/api/ad-media/${id}/`, headers: who.tokenAuth });
      const anns = await addMedia(c.ann, 'Ann’s');
      const refused = await remove(cleo, anns);
      expect([refused.statusCode, refused.json()]).toEqual([403, { detail: ONLY_CREATOR_OR_ADMIN }]);
      expect((await remove(cleo, await addMedia(cleo, 'Cleo’s'))).statusCode).toBe(204);
      expect((await remove(c.ann, await addMedia(cleo, 'Cleo’s 2'))).statusCode).toBe(204);
      expect((await remove(c.ann, anns)).statusCode).toBe(204);
    });

    it('refuses empty, oversized and non-image declarations before any upload', async () => {
      const empty = await policy(c.ann, {
        team: c.slug,
        filename: 'a.png',
        content_type: 'image/png',
        size: 0,
      });
      expect(empty.json<Record<string, string[]>>().size).toEqual(['The file is empty.']);
      const big = await policy(c.ann, {
        team: c.slug,
        filename: 'a.png',
        content_type: 'image/png',
        size: 6 * 1024 * 1024,
      });
      expect(big.json<Record<string, string[]>>().size).toEqual(['The file is larger than 5 MB.']);
      const pdf = await policy(c.ann, {
        team: c.slug,
        filename: 'a.pdf',
        content_type: 'application/pdf',
        size: 10,
      });
      expect(pdf.statusCode).toBe(400);
      expect(Object.keys(pdf.json<object>())).toEqual(['content_type']);
    });

    for (const [label, declared, make, message] of [
      [
        'a text file named .png',
        'image/png',
        () => Promise.resolve(Buffer.from('hello, not an image')),
        'The file is not an image (PNG, JPEG, GIF or WebP).',
      ],
      ['a JPEG declared as PNG', 'image/png', () => jpeg(200, 200), 'The file is not a PNG image.'],
      [
        'an image under 64 pixels',
        'image/png',
        () => png(20, 20),
        'The image must be at least 64×64 pixels.',
      ],
    ] as const)
      it(`removes ${label} with a clear 400 and leaves nothing behind`, async () => {
        const data = await make();
        const p = (
          await policy(c.ann, { team: c.slug, filename: 'x.png', content_type: declared, size: data.length })
        ).json<FilePolicy>();
        expect(await c.upload(p, { name: 'x.png', type: declared, data })).toBeLessThan(300);
        const done = await complete(c.ann, p.key);
        expect(done.statusCode).toBe(400);
        expect(done.json<Record<string, string[]>>().file).toEqual([message]);
        // The file and its record are gone: completing again finds nothing, the URL nothing either.
        expect((await complete(c.ann, p.key)).statusCode).toBe(404);
        const url = new URL(p.url);
        expect(
          (
            await c.fetchFile(
              url.pathname.includes('/api/media/upload/')
                ? `${url.origin}/api/media/files/${p.key}`
                : `${p.url.replace(/\/+$/, '')}/${p.key}`,
            )
          ).status,
        ).toBe(404);
        const claim = await c.t.app.inject({
          method: 'POST',
          url: '/api/ad-media/',
          headers: c.ann.tokenAuth,
          payload: { team: c.slug, file: p.key },
        });
        expect(claim.statusCode).toBe(400);
      });

    it('answers a completion before any upload with 400', async () => {
      const p = (
        await policy(c.ann, { team: c.slug, filename: 'x.png', content_type: 'image/png', size: 100 })
      ).json<FilePolicy>();
      const done = await complete(c.ann, p.key);
      expect(done.json<Record<string, string[]>>().file).toEqual(['The file was not uploaded.']);
    });
  });
}

suite('media uploads on local disk', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'murmur-media-'));
  const ctx = await setUp({ dataDir }, false);
  return ctx;
});

describe('the disk upload route', () => {
  it('refuses a tampered or missing policy', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'murmur-media-'));
    const c = await setUp({ dataDir }, false);
    try {
      const data = await png(100, 100);
      const p = (
        await c.t.app.inject({
          method: 'POST',
          url: '/api/api/files/policy/',
          headers: c.ann.tokenAuth,
          payload: { team: c.slug, filename: 'a.png', content_type: 'image/png', size: data.length },
        })
      ).json<FilePolicy>();
      const tampered = {
        ...p,
        fields: { ...p.fields, key: p.fields.key!.replace(/\/[^/]+$/, '/other.png') },
      };
      expect(await c.upload(tampered, { name: 'a.png', type: 'image/png', data })).toBe(403);
      const garbage = await c.t.app.inject({
        method: 'POST',
        url: '/api/media/upload/',
        payload: 'nope',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(garbage.statusCode).toBe(400);
      expect((await c.t.app.inject({ url: '/api/media/files/../../etc/passwd' })).statusCode).toBe(404);
    } finally {
      await c.t.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

let s3: S3rver | undefined;
let s3Dir = '';
suite(
  'media uploads on an S3-compatible store (s3rver)',
  async () => {
    s3Dir = await mkdtemp(join(tmpdir(), 'murmur-s3rver-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'murmur-media' }],
    });
    const { port } = await s3.run();
    return setUp(
      {
        s3: {
          bucket: 'murmur-media',
          region: 'us-east-1',
          endpoint: `http://127.0.0.1:${port}`,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          publicUrl: undefined,
          forcePathStyle: true,
        },
      },
      true,
    );
  },
  async () => {
    await s3?.close();
    await rm(s3Dir, { recursive: true, force: true });
  },
);
