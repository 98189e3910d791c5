import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { BadRequest } from '../../errors';

/** X's public media hosts: images of posts and profiles (https only). */
const PUBLIC_IMAGE_HOSTS = ['pbs.twimg.com', 'abs.twimg.com'];
/** An image larger than this is refused (bytes), as is one wider or taller than MAX_PIXELS² in total. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
/** Pixels converted for one request, all its images together (one image of the largest size). */
export const MAX_PIXELS_PER_REQUEST = 40_000_000;
/**
 * Pixels converted for one client per PIXELS_WINDOW_MS (docs/API.md "Limits"): about fifty
 * typical X images, or two and a half of the largest.
 */
export const PIXELS_PER_CLIENT = 100_000_000;
export const PIXELS_WINDOW_MS = 15 * 60 * 1000;
const TIMEOUT_MS = 10_000;

export type FetchImage = (url: URL, signal: AbortSignal) => Promise<Response>;

/**
 * The image downloader (SPEC §7: GET with `url` → PNG, several → a zip of PNGs). To keep it from
 * being a way into other machines (SSRF), only the product's own origin and X's public media hosts
 * are fetched, redirects are not followed, and size and pixel limits apply.
 */
export function createImageDownloader(deps: { ownOrigin: string; fetchImage?: FetchImage }) {
  const own = new URL(deps.ownOrigin);
  const fetchImage: FetchImage =
    deps.fetchImage ?? ((url, signal) => fetch(url, { redirect: 'manual', signal }));

  const allowed = (raw: string): URL => {
    let url: URL;
    try {
      url = new URL(raw, own);
    } catch {
      throw new BadRequest({ url: ['Enter a valid image URL.'] });
    }
    const ownOrigin = url.origin === own.origin;
    const publicHost =
      url.protocol === 'https:' && PUBLIC_IMAGE_HOSTS.includes(url.hostname) && url.port === '';
    if ((!ownOrigin && !publicHost) || url.username !== '' || url.password !== '') {
      throw new BadRequest({ url: ['Images can only be downloaded from this site or from X.'] });
    }
    if (ownOrigin && url.pathname.startsWith('/api/external/image-downloader')) {
      throw new BadRequest({ url: ['Enter a valid image URL.'] });
    }
    return url;
  };

  /** The image's bytes and pixel count, read from its header without decoding it. */
  async function fetchSized(url: URL): Promise<{ bytes: Buffer; pixels: number }> {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetchImage(url, signal);
    } catch {
      throw new BadRequest({ url: [`Could not download ${url.href}.`] });
    }
    if (response.status !== 200)
      throw new BadRequest({ url: [`Could not download ${url.href} (${response.status}).`] });
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > MAX_IMAGE_BYTES) throw new BadRequest({ url: ['The image is too large.'] });
    const bytes = await readLimited(response, MAX_IMAGE_BYTES);
    try {
      const { width, height } = await sharp(bytes).metadata();
      return { bytes, pixels: width * height };
    } catch {
      throw new BadRequest({ url: [`${url.href} is not an image.`] });
    }
  }

  async function toPng(url: URL, bytes: Buffer): Promise<Buffer> {
    try {
      return await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).png().toBuffer();
    } catch {
      throw new BadRequest({ url: [`${url.href} is not an image.`] });
    }
  }

  return {
    /**
     * One file → a PNG; several → a zip of PNGs (image-1.png, …). A file is its address without
     * query or fragment, fetched once (a query string must not multiply the work). Every image's
     * pixels are known from its header before any is converted: the request's total must stay
     * within MAX_PIXELS_PER_REQUEST, and `charge` takes them from the client's budget.
     */
    async download(
      urls: string[],
      charge: (pixels: number) => Promise<void>,
    ): Promise<{ filename: string; type: string; body: Buffer }> {
      const byFile = new Map<string, URL>();
      for (const raw of urls) {
        const url = allowed(raw);
        const file = `${url.origin}${url.pathname}`;
        if (!byFile.has(file)) byFile.set(file, url);
      }
      const fetched: { url: URL; bytes: Buffer }[] = [];
      let pixels = 0;
      for (const url of byFile.values()) {
        const image = await fetchSized(url);
        pixels += image.pixels;
        if (pixels > MAX_PIXELS_PER_REQUEST) throw new BadRequest({ url: [TOO_MANY_PIXELS] });
        fetched.push({ url, bytes: image.bytes });
      }
      await charge(pixels);
      if (fetched.length === 1) {
        const [only] = fetched as [{ url: URL; bytes: Buffer }];
        return { filename: 'image.png', type: 'image/png', body: await toPng(only.url, only.bytes) };
      }
      const files: { name: string; data: Buffer }[] = [];
      for (const [i, image] of fetched.entries())
        files.push({ name: `image-${i + 1}.png`, data: await toPng(image.url, image.bytes) });
      return { filename: 'images.zip', type: 'application/zip', body: storedZip(files) };
    },
  };
}

const TOO_MANY_PIXELS = `These images are too large to convert at once (at most ${MAX_PIXELS_PER_REQUEST / 1_000_000} megapixels).`;

async function readLimited(response: Response, limit: number): Promise<Buffer> {
  const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new BadRequest({ url: ['The image is too large.'] });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A zip of already-compressed files (method 0, "stored"): PNGs gain nothing from deflate. */
export function storedZip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.data);
    centrals.push(central, name);
    offset += local.length + name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
