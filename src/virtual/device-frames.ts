import type { Frame, ScreenInfo } from '../worker/driver';
import type { FrameScheduler } from './frame-scheduler';
import { SceneRenderer, type Theme } from './renderer';
import type { Box } from './scene';

/**
 * A streaming device sends at most this many frames a second: changes that come faster (the
 * moves of a drag) fold into the next frame. A discrete action (tap, key, launch) is not held
 * back, so its frame follows at once.
 */
export const STREAM_MAX_FPS = 40;
const STREAM_FRAME_INTERVAL_MS = 1000 / STREAM_MAX_FPS;

/** What the frames of a device are drawn from: its state version, current scene and screen. */
export interface FrameSource {
  /** Bumped on every change; frames carry the version they show. */
  readonly version: number;
  scene(): Box;
  /** A fresh layout, not the cached scene (determinism checks). */
  freshScene(): Box;
  screenInfo(): ScreenInfo;
  readonly theme: Theme;
}

export interface DeviceFramesOptions {
  renderScale: number;
  jpegQuality: number;
  now: () => number;
  /** Render slots shared with the other devices of the host. */
  frames: FrameScheduler;
}

interface StreamState {
  onFrame: (f: Frame) => void;
  /** The keyframe timer (new viewers get a full frame within a second). */
  timer: NodeJS.Timeout;
  /** A frame is queued or rendering. */
  busy: boolean;
  /** The screen changed after the queued frame started; `dirtyUrgent` if by a discrete action. */
  dirty: boolean;
  dirtyUrgent: boolean;
  /** When the last stream frame started (performance.now()). */
  lastAt: number;
  /** Waits out the frame interval before the next drag frame. */
  pace: NodeJS.Timeout | null;
  /** The keyframe timer fired while a frame was coming anyway: that frame is the keyframe. */
  keyframeDue: boolean;
}

/**
 * The screen of one virtual device as JPEG: screenshots (rendered at most once per state) and the
 * stream (a frame per change, paced for drags, and a keyframe every second).
 */
export class DeviceFrames {
  private lastFrame: Frame | null = null;
  private lastFrameVersion = -1;
  private renderChain: Promise<unknown> = Promise.resolve();
  private inflight: { version: number; promise: Promise<Frame> } | null = null;
  private renderer: SceneRenderer | null = null;
  private stream: StreamState | null = null;
  /** Screens drawn and encoded so far (a device nobody watches or screenshots draws none). */
  renders = 0;

  constructor(
    private readonly source: FrameSource,
    private readonly opts: DeviceFramesOptions,
  ) {}

  /** The device changed: the cached frame is stale and a streaming device draws the new state. */
  changed(urgent: boolean): void {
    this.lastFrame = null;
    if (this.stream) this.scheduleStreamFrame(urgent);
  }

  private ensureRenderer(): SceneRenderer {
    const info = this.source.screenInfo();
    this.renderer ??= new SceneRenderer(
      info.width,
      info.height,
      this.opts.renderScale,
      this.opts.jpegQuality,
      this.opts.frames.slots > 1,
    );
    this.renderer.resize(info.width, info.height);
    return this.renderer;
  }

  /**
   * Renders the current state as JPEG (cached until the next change). Renders are serialised per
   * device; concurrent requests for one state share a render.
   */
  frame(keyframe = false): Promise<Frame> {
    const wrap = (f: Frame): Frame => ({ ...f, keyframe, at: keyframe ? this.opts.now() : f.at });
    const src = this.source;
    if (this.lastFrame && this.lastFrameVersion === src.version) return Promise.resolve(wrap(this.lastFrame));
    if (this.inflight && this.inflight.version === src.version) return this.inflight.promise.then(wrap);
    const version = src.version;
    const promise = this.renderChain.then(async () => {
      const at = src.version;
      const scene = src.scene();
      const screen = src.screenInfo();
      this.renders += 1;
      const jpeg = await this.ensureRenderer().renderAsync(scene, src.theme);
      const f: Frame = { jpeg, screen, at: this.opts.now(), keyframe: false };
      if (src.version === at) {
        this.lastFrame = f;
        this.lastFrameVersion = at;
      }
      return f;
    });
    this.renderChain = promise.catch(() => undefined);
    this.inflight = { version, promise };
    void promise
      .finally(() => {
        if (this.inflight?.promise === promise) this.inflight = null;
      })
      .catch(() => undefined);
    return promise.then(wrap);
  }

  /** Raw RGBA of the current state, rendered fresh (determinism checks). */
  pixels(): Buffer {
    const r = this.ensureRenderer();
    r.render(this.source.freshScene(), this.source.theme);
    return r.pixels();
  }

  start(onFrame: (f: Frame) => void): void {
    if (this.stream) {
      this.stream.onFrame = onFrame;
    } else {
      const timer = setInterval(() => this.pushKeyframe(), 1000);
      timer.unref();
      this.stream = {
        onFrame,
        timer,
        busy: false,
        dirty: false,
        dirtyUrgent: false,
        lastAt: -Infinity,
        pace: null,
        keyframeDue: false,
      };
    }
    this.pushKeyframe();
  }

  stop(): void {
    const s = this.stream;
    if (!s) return;
    clearInterval(s.timer);
    if (s.pace) clearTimeout(s.pace);
    this.opts.frames.cancel(s);
    this.stream = null;
  }

  /**
   * One stream frame queued or rendering at a time: changes meanwhile mark the stream dirty and
   * are drawn together right after. Drag frames keep STREAM_FRAME_INTERVAL_MS apart; the render
   * itself waits for a slot of the host's scheduler.
   */
  private scheduleStreamFrame(urgent: boolean): void {
    const s = this.stream!;
    if (s.busy) {
      // A frame still waiting for a slot draws the newest state when it runs: a tap only moves it
      // ahead of the other devices' drag frames.
      if (urgent && this.opts.frames.promote(s)) return;
      s.dirty = true;
      s.dirtyUrgent ||= urgent;
      return;
    }
    if (s.pace) {
      if (!urgent) return;
      clearTimeout(s.pace);
      s.pace = null;
    }
    const wait = s.lastAt + STREAM_FRAME_INTERVAL_MS - performance.now();
    if (!urgent && wait > 0) {
      s.pace = setTimeout(() => {
        s.pace = null;
        if (this.stream === s) this.scheduleStreamFrame(false);
      }, wait);
      return;
    }
    s.busy = true;
    this.opts.frames.request(s, () => this.streamFrame(s), urgent);
  }

  private async streamFrame(s: StreamState): Promise<void> {
    s.dirty = false;
    s.dirtyUrgent = false;
    s.lastAt = performance.now();
    const keyframe = s.keyframeDue;
    s.keyframeDue = false;
    try {
      const f = await this.frame(keyframe);
      if (this.stream === s) s.onFrame(f);
    } catch {
      // A failed render leaves the previous frame on screen; the next change or keyframe retries.
    } finally {
      s.busy = false;
      if (s.dirty && this.stream === s) this.scheduleStreamFrame(s.dirtyUrgent);
    }
  }

  private pushKeyframe(): void {
    const s = this.stream;
    if (!s) return;
    // A frame of a newer state is queued or paced: it goes out as the keyframe, drawn once.
    if (s.busy || s.pace) {
      s.keyframeDue = true;
      return;
    }
    this.frame(true)
      .then((f) => {
        if (this.stream === s) s.onFrame(f);
      })
      .catch(() => undefined);
  }
}
