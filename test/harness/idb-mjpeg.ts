import sharp from 'sharp';

/**
 * Recorded-form output of `idb video-stream --format mjpeg`, composed from real JPEG images.
 *
 * The format, from idb's own documentation (its video page: "`mjpeg` is a stream of encoded JPEG
 * images") and its client (the `video-stream` command writes every chunk the companion streams
 * straight to stdout, with no framing of its own): complete JPEG files back to back, each from
 * `FF D8` to `FF D9`, in chunks that do not follow image boundaries. The companion encodes each
 * frame with the system's JPEG encoder: baseline images with an APP segment (JFIF or Exif) before
 * the tables. The images here are made with sharp the same way: baseline with JFIF, one with an
 * APP1 segment whose bytes contain `FF D9` and `FF D8` (a parser must skip segments by their
 * length, not look for the end marker), and one progressive (several scans).
 */

export interface ComposedFrame {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** A screen-like image: a bar at a height that depends on `n`, so every frame differs. */
async function screen(width: number, height: number, n: number, progressive = false): Promise<Buffer> {
  const bar = Buffer.from(
    `<svg width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f4f4"/>` +
      `<rect x="0" y="${(n * 37) % Math.max(1, height - 40)}" width="${width}" height="40" fill="#2d6cdf"/>` +
      `<circle cx="${(n * 53) % width}" cy="${height / 2}" r="${Math.max(4, width / 12)}" fill="#e0452b"/></svg>`,
  );
  return sharp(bar).jpeg({ quality: 70, progressive, mozjpeg: false }).toBuffer();
}

/** Inserts an APP1 segment right after SOI whose payload holds marker-like bytes. */
export function withTrickyAppSegment(jpeg: Buffer): Buffer {
  const payload = Buffer.concat([Buffer.from('Exif\0\0'), Buffer.from([0xff, 0xd9, 0xff, 0xd8, 0xff, 0x00, 0x12])]);
  const seg = Buffer.alloc(4);
  seg.writeUInt16BE(0xffe1, 0);
  seg.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), seg, payload, jpeg.subarray(2)]);
}

/** `count` frames of `width`×`height` as idb's companion would send them. */
export async function composeIdbMjpeg(count: number, width = 390, height = 844): Promise<ComposedFrame[]> {
  const frames: ComposedFrame[] = [];
  for (let n = 0; n < count; n++) {
    let jpeg = await screen(width, height, n, n % 5 === 4);
    if (n % 3 === 1) jpeg = withTrickyAppSegment(jpeg);
    frames.push({ jpeg, width, height });
  }
  return frames;
}

/** Splits a byte stream into chunks of the given sizes, cycling through them. */
export function chunked(stream: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  let i = 0;
  let k = 0;
  while (i < stream.length) {
    const n = Math.max(1, sizes[k++ % sizes.length]!);
    out.push(stream.subarray(i, i + n));
    i += n;
  }
  return out;
}
