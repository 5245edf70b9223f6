import type { FrameMeta } from '../../worker/protocol';

/** A device frame as the router hands it over: a JPEG, or an H.264 unit when `meta.codec` says so. */
export interface StreamFrame {
  data: Buffer;
  meta: FrameMeta;
}

/**
 * What a `/stream` viewer that asked for H.264 (`?codec=h264`) receives, and when. Every binary
 * message then starts with a 16-byte header (docs/sessions-and-devices.md, "Stream codecs"):
 *
 *   [u8 kind: 0 JPEG, 1 H.264 access unit][u8 flags: bit 0 keyframe]
 *   [u16 BE width][u16 BE height][u16 BE rotation][f64 BE time, ms since the epoch]
 *
 * then the JPEG or the access unit (Annex B; a keyframe begins with SPS and PPS). A text message
 * `{"type":"codec","codec":"h264"|"jpeg"}` comes before the first binary message of each codec:
 * H.264 from a keyframe on (the units since the last keyframe first, for a late joiner); JPEG
 * while the device has no H.264 source (the fallback) or until the next keyframe after a gap.
 */

export const STREAM_HEADER_BYTES = 16;
export const StreamKind = { jpeg: 0, h264: 1 } as const;

export function streamPacket(kind: keyof typeof StreamKind, frame: StreamFrame): Buffer {
  const h = Buffer.alloc(STREAM_HEADER_BYTES);
  h.writeUInt8(StreamKind[kind], 0);
  h.writeUInt8(frame.meta.keyframe ? 1 : 0, 1);
  h.writeUInt16BE(Math.min(65535, frame.meta.screen.width), 2);
  h.writeUInt16BE(Math.min(65535, frame.meta.screen.height), 4);
  h.writeUInt16BE(frame.meta.screen.rotation, 6);
  h.writeDoubleBE(frame.meta.at, 8);
  return Buffer.concat([h, frame.data]);
}

export type ViewerStep =
  | { send: 'skip' }
  | { send: 'packet'; codec?: { type: 'codec'; codec: 'h264' | 'jpeg'; detail?: string }; kind: 'jpeg' | 'h264' };

/**
 * The codec a viewer that asked for H.264 is on, and what each frame becomes for it. `congested`
 * says the viewer's socket is backed up: a unit is then skipped, and so is every unit after it
 * until the next keyframe (a P-frame without the ones before it does not decode).
 */
export class H264Viewer {
  private codec: 'h264' | 'jpeg' | null = null;
  private gap = false;

  step(frame: StreamFrame, congested: boolean): ViewerStep {
    if (frame.meta.codec === 'h264') {
      if (frame.meta.keyframe && !congested) {
        this.gap = false;
        return this.switchTo('h264');
      }
      if (this.codec !== 'h264' || this.gap || congested) {
        if (this.codec === 'h264') this.gap = true;
        return { send: 'skip' };
      }
      return { send: 'packet', kind: 'h264' };
    }
    // A JPEG picture decoded from the H.264 the viewer already gets adds nothing.
    if (this.codec === 'h264' && frame.meta.video === 'h264' && !this.gap) return { send: 'skip' };
    if (congested) return { send: 'skip' };
    return this.switchTo('jpeg', frame.meta.video === 'h264' ? undefined : 'the device streams no H.264: JPEG frames');
  }

  private switchTo(codec: 'h264' | 'jpeg', detail?: string): ViewerStep {
    if (this.codec === codec) return { send: 'packet', kind: codec };
    this.codec = codec;
    return { send: 'packet', kind: codec, codec: { type: 'codec', codec, ...(detail ? { detail } : {}) } };
  }
}
