import type { Frame } from '../driver';
import { type IdbVideo, startIdbVideo } from './idb-video';

/**
 * A simulator's live frames: idb's MJPEG video stream when idb is there, screenshot polling
 * (`simctl io screenshot`) when it is not or when the stream dies (idb is tried again later, 30 s
 * after the first death, doubling up to 5 minutes; an image resets the wait). Frames follow the driver
 * contract: one when the screen changes, and a keyframe at least every second (the last image
 * is sent again as a keyframe when the screen has not changed for a second).
 */

export type IosStreamSource = 'idb' | 'screenshots';

export interface IosStreamDeps {
  /** idb's path, or null to poll screenshots only. */
  idb: string | null;
  quality?: number;
  fps?: number;
  firstFrameTimeoutMs?: number;
  /** After the stream died, idb is tried again after this long, doubling up to 5 minutes (default 30 s). */
  retryMs?: number;
  capturePng: (udid: string) => Promise<Buffer>;
  pngToFrame: (png: Buffer, keyframe: boolean) => Promise<Frame>;
  pollIntervalMs: number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Told when a stream changes source and why. */
  onSource?: (udid: string, source: IosStreamSource, reason: string) => void;
}

interface Stream {
  stop: boolean;
  onFrame: (f: Frame) => void;
  source: IosStreamSource;
  video: IdbVideo | null;
  timer: NodeJS.Timeout | null;
  retry: NodeJS.Timeout | null;
  retryMs: number;
  /** Counts source switches: a polling loop of an earlier generation ends. */
  generation: number;
}

export class IosStreams {
  private readonly streams = new Map<string, Stream>();

  constructor(private readonly deps: IosStreamDeps) {}

  source(udid: string): IosStreamSource | null {
    return this.streams.get(udid)?.source ?? null;
  }

  start(udid: string, onFrame: (f: Frame) => void): void {
    const existing = this.streams.get(udid);
    if (existing) {
      existing.onFrame = onFrame;
      return;
    }
    const s: Stream = {
      stop: false,
      onFrame,
      source: 'screenshots',
      video: null,
      timer: null,
      retry: null,
      retryMs: this.deps.retryMs ?? 30_000,
      generation: 0,
    };
    this.streams.set(udid, s);
    if (this.deps.idb) this.startVideo(udid, s, this.deps.idb);
    else this.poll(udid, s, 'idb is not configured');
  }

  stop(udid: string): void {
    const s = this.streams.get(udid);
    if (!s) return;
    s.stop = true;
    s.video?.stop();
    if (s.timer) clearInterval(s.timer);
    if (s.retry) clearTimeout(s.retry);
    this.streams.delete(udid);
  }

  stopAll(): void {
    for (const udid of [...this.streams.keys()]) this.stop(udid);
  }

  private startVideo(udid: string, s: Stream, idb: string): void {
    const { now } = this.deps;
    s.generation += 1;
    s.source = 'idb';
    let last: Frame | null = null;
    let lastKey = 0;
    let lastSent = 0;
    const send = (f: Frame) => {
      lastSent = now();
      if (f.keyframe) lastKey = lastSent;
      if (!s.stop) s.onFrame(f);
    };
    s.video = startIdbVideo({
      idb,
      udid,
      quality: this.deps.quality,
      fps: this.deps.fps,
      firstFrameTimeoutMs: this.deps.firstFrameTimeoutMs,
      onImage: (img) => {
        s.retryMs = this.deps.retryMs ?? 30_000;
        if (last?.jpeg.equals(img.jpeg) && now() - lastKey < 1000) return;
        last = {
          jpeg: img.jpeg,
          screen: { width: img.width, height: img.height, rotation: 0 },
          at: now(),
          keyframe: now() - lastKey >= 1000,
        };
        send(last);
      },
      onEnd: (reason) => {
        if (s.timer) clearInterval(s.timer);
        s.timer = null;
        s.video = null;
        if (s.stop) return;
        this.poll(udid, s, reason);
        // A missing idb stays missing; a stream that died may come back (a restarted companion).
        if (/not installed/.test(reason)) return;
        s.retry = setTimeout(() => {
          s.retry = null;
          if (!s.stop) this.startVideo(udid, s, idb);
        }, s.retryMs);
        s.retryMs = Math.min(s.retryMs * 2, 300_000);
      },
    });
    this.deps.onSource?.(udid, 'idb', 'idb video-stream started');
    // A still screen sends nothing: repeat the last image as a keyframe once a second.
    s.timer = setInterval(() => {
      if (last && now() - lastSent >= 1000) send({ ...last, at: now(), keyframe: true });
    }, 250);
  }

  private poll(udid: string, s: Stream, reason: string): void {
    s.generation += 1;
    const generation = s.generation;
    s.source = 'screenshots';
    this.deps.onSource?.(udid, 'screenshots', reason);
    const { capturePng, pngToFrame, sleep, now, pollIntervalMs } = this.deps;
    void (async () => {
      let last: Buffer | null = null;
      let lastKey = 0;
      while (!s.stop && s.generation === generation) {
        try {
          const png = await capturePng(udid);
          const key = now() - lastKey >= 1000;
          if (key || !last || !png.equals(last)) {
            const f = await pngToFrame(png, key);
            if (key) lastKey = now();
            last = png;
            if (!s.stop && s.generation === generation) s.onFrame(f);
          }
        } catch {
          // One failed capture skips a poll.
        }
        await sleep(pollIntervalMs);
      }
    })();
  }
}
