/**
 * Splits an MJPEG byte stream (JPEG images back to back, no container, as `idb video-stream
 * --format mjpeg` writes them to stdout) into whole JPEG images, whatever the chunk boundaries.
 *
 * It walks each image's marker segments (their lengths say where the next marker is) and, after
 * a start-of-scan, the entropy-coded data up to the next marker (`FF 00` is a stuffed byte, `FF
 * D0`–`FF D7` restart markers, `FF FF` fill), so an `FF D9` inside a segment is never taken for
 * the image's end. Bytes before an image's start (`FF D8 FF`) are skipped; an image that breaks
 * off (a new start inside it, a broken marker, more than `maxFrameBytes`) is dropped and the walk
 * starts again at the next image. The frame's pixel size comes from its start-of-frame segment.
 */

export interface JpegImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

const SOI = Buffer.from([0xff, 0xd8, 0xff]);

/** Start-of-frame markers (baseline, extended, progressive, lossless...), not DHT/JPG/DAC. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;

export class MjpegSplitter {
  private buf: Buffer = Buffer.alloc(0);
  /** Next byte to look at; the image being read, when there is one, starts at 0. */
  private pos = 0;
  private reading = false;
  private inScan = false;
  private width = 0;
  private height = 0;
  /** Bytes skipped outside images, and images dropped unfinished. */
  skippedBytes = 0;
  droppedFrames = 0;

  constructor(private readonly maxFrameBytes = 16 * 1024 * 1024) {}

  /** Feeds a chunk; returns the images it completed. */
  push(chunk: Buffer): JpegImage[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: JpegImage[] = [];
    for (;;) {
      if (!this.reading) {
        if (!this.seek()) break;
        continue;
      }
      if (this.pos > this.maxFrameBytes) {
        this.drop(1);
        continue;
      }
      const step = this.inScan ? this.scanEntropy() : this.readMarker(out);
      if (step === 'more') break;
    }
    return out;
  }

  /** Moves to the next image start; false when the buffer holds none yet. */
  private seek(): boolean {
    const i = this.buf.indexOf(SOI, this.pos);
    if (i < 0) {
      // Keep what could be the first bytes of a start marker split across chunks.
      const keep = Math.min(this.buf.length, 2);
      this.skippedBytes += this.buf.length - keep;
      this.buf = this.buf.subarray(this.buf.length - keep);
      this.pos = 0;
      return false;
    }
    this.skippedBytes += i;
    this.buf = this.buf.subarray(i);
    this.pos = 2;
    this.reading = true;
    this.inScan = false;
    this.width = 0;
    this.height = 0;
    return true;
  }

  /** Abandons the image being read and looks for the next start from `from`. */
  private drop(from: number): void {
    this.droppedFrames += 1;
    this.buf = this.buf.subarray(from);
    this.pos = 0;
    this.reading = false;
    this.inScan = false;
  }

  private readMarker(out: JpegImage[]): 'more' | 'next' {
    const b = this.buf;
    const p = this.pos;
    if (p + 2 > b.length) return 'more';
    if (b[p] !== 0xff) {
      this.drop(1);
      return 'next';
    }
    const m = b[p + 1]!;
    if (m === 0xff) {
      this.pos += 1;
      return 'next';
    }
    if (m === 0xd9) {
      const jpeg = b.subarray(0, p + 2);
      if (this.width > 0 && this.height > 0) out.push({ jpeg, width: this.width, height: this.height });
      else this.droppedFrames += 1;
      this.buf = b.subarray(p + 2);
      this.pos = 0;
      this.reading = false;
      return 'next';
    }
    if (m === 0xd8) {
      this.drop(p);
      return 'next';
    }
    if (isRst(m) || m === 0x01) {
      this.pos += 2;
      return 'next';
    }
    if (p + 4 > b.length) return 'more';
    const len = b.readUInt16BE(p + 2);
    if (len < 2) {
      this.drop(1);
      return 'next';
    }
    if (p + 2 + len > b.length) return 'more';
    if (isSof(m)) {
      if (len < 7) {
        this.drop(1);
        return 'next';
      }
      this.height = b.readUInt16BE(p + 5);
      this.width = b.readUInt16BE(p + 7);
    }
    this.pos = p + 2 + len;
    if (m === 0xda) this.inScan = true;
    return 'next';
  }

  /** Walks entropy-coded data to the marker that ends it. */
  private scanEntropy(): 'more' | 'next' {
    const b = this.buf;
    let i = this.pos;
    for (;;) {
      i = b.indexOf(0xff, i);
      if (i < 0) {
        this.pos = b.length;
        return 'more';
      }
      if (i + 1 >= b.length) {
        this.pos = i;
        return 'more';
      }
      const n = b[i + 1]!;
      if (n === 0x00 || isRst(n)) i += 2;
      else if (n === 0xff) i += 1;
      else {
        this.pos = i;
        this.inScan = false;
        return 'next';
      }
    }
  }
}
