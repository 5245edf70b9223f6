/**
 * The session stream's H.264 opt-in for the live screen (docs/sessions-and-devices.md, "Stream
 * codecs"): asked for only when this browser's WebCodecs decodes H.264. Plain `VideoDecoder`
 * with Annex B units (no `description`: the keyframes carry SPS and PPS in band), configured from
 * the SPS of each keyframe whose profile or level changed.
 */

const PROBE = 'avc1.42E01E';
export const STREAM_HEADER_BYTES = 16;

/** Whether to ask for `?codec=h264`: WebCodecs is there and takes a baseline AVC stream. */
export async function h264Supported(): Promise<boolean> {
  if (typeof VideoDecoder !== 'function') return false;
  try {
    return (await VideoDecoder.isConfigSupported({ codec: PROBE })).supported === true;
  } catch {
    return false;
  }
}

export interface StreamPacket {
  kind: 'jpeg' | 'h264';
  keyframe: boolean;
  /** Milliseconds since the epoch. */
  at: number;
  body: Uint8Array;
}

/** A binary message of a `?codec=h264` stream: its 16-byte header, then the JPEG or access unit. */
export function readStreamPacket(buf: ArrayBuffer): StreamPacket {
  const bytes = new Uint8Array(buf);
  const view = new DataView(buf);
  return {
    kind: bytes[0] === 1 ? 'h264' : 'jpeg',
    keyframe: (bytes[1]! & 1) === 1,
    at: view.getFloat64(8),
    body: bytes.subarray(STREAM_HEADER_BYTES),
  };
}

/** `avc1.PPCCLL` from the SPS in a unit (profile, constraint flags, level), or null without one. */
export function codecOf(b: Uint8Array): string | null {
  for (let i = 0; i + 7 < b.length; i++)
    if (b[i] === 0 && b[i + 1] === 0 && b[i + 2] === 1 && (b[i + 3]! & 0x1f) === 7)
      return `avc1.${[b[i + 4]!, b[i + 5]!, b[i + 6]!].map((x) => x.toString(16).padStart(2, '0')).join('')}`;
  return null;
}

/** Decodes units in arrival order and hands each picture to `paint`; `refused` when the stream's profile is not supported. */
export class H264Decoder {
  private decoder: VideoDecoder | null = null;
  private codec: string | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly paint: (frame: VideoFrame) => void,
    private readonly refused: (codec: string) => void,
  ) {}

  push(p: StreamPacket): void {
    this.queue = this.queue.then(() => this.decode(p)).catch(() => undefined);
  }

  close(): void {
    if (this.decoder && this.decoder.state !== 'closed') this.decoder.close();
    this.decoder = null;
  }

  private async decode(p: StreamPacket): Promise<void> {
    if (p.keyframe) {
      const codec = codecOf(p.body);
      if (codec && codec !== this.codec) {
        const ok = await VideoDecoder.isConfigSupported({ codec }).then(
          (r) => r.supported === true,
          () => false,
        );
        if (!ok) return this.refused(codec);
        if (!this.decoder || this.decoder.state === 'closed')
          this.decoder = new VideoDecoder({
            output: (frame) => {
              this.paint(frame);
              frame.close();
            },
            error: () => {
              // A broken decoder starts again at the next keyframe.
              this.decoder = null;
              this.codec = null;
            },
          });
        this.decoder.configure({ codec, optimizeForLatency: true });
        this.codec = codec;
      }
    }
    if (!this.decoder || !this.codec) return;
    this.decoder.decode(
      new EncodedVideoChunk({ type: p.keyframe ? 'key' : 'delta', timestamp: Math.round(p.at * 1000), data: p.body }),
    );
  }
}
