/**
 * Splits an H.264 Annex B byte stream (NAL units after `00 00 01` / `00 00 00 01` start codes, as
 * `screenrecord --output-format=h264` writes it) into access units, whatever the chunk boundaries.
 *
 * A unit ends where the next one begins (ITU-T H.264 7.4.1.2.3): at an access unit delimiter,
 * SPS, PPS or SEI, or at a slice whose `first_mb_in_slice` is 0, once the unit has a slice. A
 * byte stream has no end-of-unit mark, so the last unit of a burst would wait for the next
 * change of the screen: `flush()` (called when the stream has been quiet a moment) ends it. If
 * bytes then continue a unit that was flushed too early, the splitter says so (`broken`) and
 * passes nothing on until the next keyframe.
 *
 * SPS and PPS are kept and put in front of every keyframe that lacks them (the encoder writes
 * them once, before the first frame), so any keyframe starts a decoder. Access unit delimiters
 * are dropped. A unit above `maxUnitBytes` is dropped too (and counts as broken).
 */

export interface AccessUnit {
  /** The unit's NAL units, each after a 4-byte start code. */
  data: Buffer;
  /** Holds an IDR slice (and then begins with SPS and PPS). */
  keyframe: boolean;
}

const START = Buffer.from([0, 0, 0, 1]);
const NAL = { SLICE: 1, IDR: 5, SEI: 6, SPS: 7, PPS: 8, AUD: 9 } as const;

export class AnnexBSplitter {
  private buf: Buffer = Buffer.alloc(0);
  /** Whether `buf` begins at a NAL unit (just after a start code). */
  private inNal = false;
  private unit: Buffer[] = [];
  private unitBytes = 0;
  private unitHasSlice = false;
  private unitHasIdr = false;
  private sps: Buffer | null = null;
  private pps: Buffer[] = [];
  /** After a break: units are dropped until a keyframe. */
  private waitKey = false;
  /** Bytes that came before the first start code (a tool's error message, say), up to 4 KB. */
  preamble = '';
  /** Times the stream broke (a unit flushed too early, or one too large). */
  broken = 0;

  constructor(private readonly maxUnitBytes = 8 * 1024 * 1024) {}

  /** Feeds a chunk; returns the units it completed. */
  push(chunk: Buffer): AccessUnit[] {
    const out: AccessUnit[] = [];
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    let from = 0;
    for (;;) {
      const sc = findStart(this.buf, from);
      if (!sc) break;
      if (this.inNal) this.nal(trimZeros(this.buf.subarray(0, sc.at)), out);
      else if (sc.at > 0) this.stray(this.buf.subarray(0, sc.at));
      this.inNal = true;
      this.buf = this.buf.subarray(sc.at + sc.len);
      from = 0;
    }
    if (!this.inNal && this.buf.length > 3) {
      // No start code yet: keep the last three bytes (a start code may straddle chunks).
      this.stray(this.buf.subarray(0, this.buf.length - 3));
      this.buf = this.buf.subarray(this.buf.length - 3);
    }
    if (this.inNal && this.buf.length + this.unitBytes > this.maxUnitBytes) this.breakOff();
    return out;
  }

  /** Ends the pending NAL unit and access unit (the stream went quiet); returns the unit, if any. */
  flush(): AccessUnit[] {
    const out: AccessUnit[] = [];
    if (this.inNal && this.buf.length) this.nal(this.buf, out);
    this.buf = Buffer.alloc(0);
    // Bytes that arrive now without a start code continue a unit already passed on.
    this.inNal = false;
    this.end(out);
    return out;
  }

  /** The current SPS and PPS with start codes (empty before the encoder has sent them). */
  parameterSets(): Buffer {
    return this.sps ? Buffer.concat([START, this.sps, ...this.pps.flatMap((p) => [START, p])]) : Buffer.alloc(0);
  }

  private stray(bytes: Buffer) {
    if (this.preamble.length < 4096) this.preamble += bytes.subarray(0, 4096 - this.preamble.length).toString('latin1');
    // Stray bytes after the stream started are the tail of a NAL unit flushed too early.
    if (this.sps || this.unit.length) this.breakOff();
  }

  private breakOff() {
    this.broken++;
    this.waitKey = true;
    this.unit = [];
    this.unitBytes = 0;
    this.unitHasSlice = false;
    this.unitHasIdr = false;
    this.buf = Buffer.alloc(0);
    this.inNal = false;
  }

  private nal(nal: Buffer, out: AccessUnit[]) {
    if (!nal.length) return;
    const type = nal[0]! & 0x1f;
    const slice = type === NAL.SLICE || type === NAL.IDR;
    const starts =
      type === NAL.AUD ||
      type === NAL.SPS ||
      type === NAL.PPS ||
      type === NAL.SEI ||
      // first_mb_in_slice is ue(v): a leading 1 bit is the value 0.
      (slice && nal.length > 1 && (nal[1]! & 0x80) !== 0);
    if (starts && this.unitHasSlice) this.end(out);
    const copy = Buffer.from(nal);
    if (type === NAL.AUD) return;
    if (type === NAL.SPS) {
      this.sps = copy;
      this.pps = [];
    } else if (type === NAL.PPS) {
      if (this.pps.length < 8 && !this.pps.some((p) => p.equals(copy))) this.pps.push(copy);
    }
    if (type === NAL.SPS || type === NAL.PPS) return;
    this.unit.push(copy);
    this.unitBytes += copy.length + 4;
    if (slice) this.unitHasSlice = true;
    if (type === NAL.IDR) this.unitHasIdr = true;
  }

  private end(out: AccessUnit[]) {
    if (!this.unitHasSlice) return;
    const keyframe = this.unitHasIdr;
    const nals = this.unit;
    this.unit = [];
    this.unitBytes = 0;
    this.unitHasSlice = false;
    this.unitHasIdr = false;
    if (this.waitKey && !keyframe) return;
    if (keyframe && !this.sps) return;
    this.waitKey = false;
    const body = nals.flatMap((n) => [START, n]);
    out.push({ data: Buffer.concat(keyframe ? [this.parameterSets(), ...body] : body), keyframe });
  }
}

/** The next start code at or after `from`: where its zeros begin and its length (3, or 4 with a leading zero). */
function findStart(b: Buffer, from: number): { at: number; len: number } | null {
  let i = b.indexOf(0, from);
  while (i >= 0 && i + 2 < b.length) {
    if (b[i + 1] === 0 && b[i + 2] === 1) {
      const four = i > 0 && b[i - 1] === 0;
      return four ? { at: i - 1, len: 4 } : { at: i, len: 3 };
    }
    i = b.indexOf(0, i + 1);
  }
  return null;
}

/** A NAL unit without the trailing zero bytes that pad the stream before the next start code. */
function trimZeros(b: Buffer): Buffer {
  let end = b.length;
  while (end > 0 && b[end - 1] === 0) end--;
  return b.subarray(0, end);
}
