import { inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngInfo {
  width: number;
  height: number;
  /** Share of pixels that differ from the top-left pixel (the background): 0 for a blank image. */
  inked: number;
}

export const isPng = (bytes: Uint8Array): boolean =>
  bytes.length > SIGNATURE.length && Buffer.from(bytes.subarray(0, 8)).equals(SIGNATURE);

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/**
 * Reads a PNG's header (IHDR) and decodes its pixels (8-bit RGB or RGBA, not interlaced, which is what
 * a canvas writes) to tell how much of it is drawn on.
 */
export function readPng(input: Uint8Array): PngInfo {
  const bytes = Buffer.from(input);
  if (!isPng(bytes)) throw new Error('Not a PNG: the signature is missing');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6))
        throw new Error(
          `Unexpected PNG format: depth ${depth}, colour type ${colour}, interlace ${interlace}`,
        );
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter ?? 0] ?? 0;
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  let inked = 0;
  for (let i = 0; i < pixels.length; i += channels) {
    for (let k = 0; k < channels; k++) {
      if (Math.abs(pixels[i + k]! - pixels[k]!) > 16) {
        inked++;
        break;
      }
    }
  }
  return { width, height, inked: inked / (width * height) };
}
