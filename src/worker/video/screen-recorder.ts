import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chapterArgs, chapterMetadata, encoderArgs, outputSize, RECORDING_LIMITS, type Chapter } from './encoder';

const run = promisify(execFile);

export interface RecordingStats {
  /** The finished MP4 (absent when nothing was recorded). */
  file: string | null;
  duration_ms: number;
  width: number;
  height: number;
  size_bytes: number;
  frames: number;
  /** A cap (duration or bytes) ended the recording before it was stopped. */
  truncated: boolean;
}

export interface RecorderOptions {
  ffmpeg: string;
  fps: number;
  maxMs: number;
  maxBytes: number;
  /** A private folder for this recording's files. */
  dir: string;
  now?: () => number;
}

/** Bytes the encoder's stdin may hold before ticks are dropped (they are caught up with copies later). */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

/**
 * One recording of a device's screen on the device host: the frames it streams (JPEG, pushed on
 * change) are sampled at a fixed rate and piped to ffmpeg, which encodes H.264 next to them, so
 * the video's time is the wall clock's (a tick missed is caught up with copies of the frame).
 */
export class ScreenRecorder {
  private encoder: ChildProcess | null = null;
  private latest: Buffer | null = null;
  private started = 0;
  private written = 0;
  private timer: NodeJS.Timeout | null = null;
  private size: { width: number; height: number } | null = null;
  private failed: Error | null = null;
  private exited: Promise<number | null> | null = null;
  private truncated = false;
  private feeding = true;
  private readonly now: () => number;
  private readonly raw: string;

  constructor(private readonly o: RecorderOptions) {
    this.now = o.now ?? Date.now;
    this.raw = path.join(o.dir, 'raw.mp4');
    this.started = this.now();
  }

  /** The device showed a frame: the latest is what the next ticks record. */
  frame(jpeg: Buffer, screen: { width: number; height: number }): void {
    if (!this.feeding) return;
    this.latest = jpeg;
    if (!this.encoder && !this.failed) this.spawn(screen);
  }

  private spawn(screen: { width: number; height: number }): void {
    this.size = outputSize(screen.width, screen.height);
    const child = spawn(this.o.ffmpeg, encoderArgs({ fps: this.o.fps, ...this.size, out: this.raw }), {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => {
      if (stderr.length < 4000) stderr += c.toString('utf8');
    });
    child.stdin!.on('error', () => {});
    if (child.pid) {
      try {
        os.setPriority(child.pid, RECORDING_LIMITS.niceness);
      } catch {
        // A host that refuses it records at normal priority.
      }
    }
    this.exited = new Promise((resolve) => {
      child.on('error', (err) => {
        this.failed = err;
        resolve(null);
      });
      child.on('exit', (code) => {
        if (code !== 0 && !this.failed) this.failed = new Error(`the encoder exited with ${code}: ${stderr.trim()}`);
        resolve(code);
      });
    });
    this.encoder = child;
    this.timer = setInterval(() => this.tick(), Math.max(20, Math.floor(1000 / this.o.fps)));
    this.tick();
  }

  /** Writes the frames due by now (copies of the latest), within the caps. */
  private tick(): void {
    const stdin = this.encoder?.stdin;
    if (!stdin || !this.latest || !this.feeding || stdin.destroyed) return;
    const elapsed = this.now() - this.started;
    if (elapsed >= this.o.maxMs) {
      this.cap();
      return;
    }
    const due = Math.floor((elapsed * this.o.fps) / 1000) + 1;
    while (this.written < due && stdin.writableLength < MAX_PENDING_BYTES) {
      stdin.write(this.latest);
      this.written += 1;
    }
    if (this.written % this.o.fps === 0) {
      fs.stat(this.raw, (err, st) => {
        if (!err && st.size > this.o.maxBytes) this.cap();
      });
    }
  }

  private cap(): void {
    this.truncated = true;
    this.feeding = false;
  }

  /** The encoder's process id while it runs. */
  get encoderPid(): number | undefined {
    return this.encoder?.pid;
  }

  /** Frames written so far (at the recording's fps). */
  get frames(): number {
    return this.written;
  }

  /**
   * Ends the recording: the last frame lasts until now, the encoder finishes the file, and the
   * chapters are written into it. `discard` drops it instead.
   */
  async stop(chapters: Chapter[], discard = false): Promise<RecordingStats> {
    if (this.feeding) this.tick();
    this.feeding = false;
    if (this.timer) clearInterval(this.timer);
    const empty = { file: null, duration_ms: 0, width: 0, height: 0, size_bytes: 0, frames: 0, truncated: false };
    if (!this.encoder) return empty;
    this.encoder.stdin!.end();
    await this.exited;
    if (discard) {
      fs.rmSync(this.o.dir, { recursive: true, force: true });
      return { ...empty, frames: this.written };
    }
    if (this.failed) throw this.failed;
    const durationMs = Math.round((this.written * 1000) / this.o.fps);
    let file = this.raw;
    if (chapters.length) {
      const meta = path.join(this.o.dir, 'chapters.txt');
      fs.writeFileSync(meta, chapterMetadata(chapters, durationMs));
      file = path.join(this.o.dir, 'video.mp4');
      await run(this.o.ffmpeg, chapterArgs(this.raw, meta, file), { timeout: 120_000 });
    }
    return {
      file,
      duration_ms: durationMs,
      width: this.size!.width,
      height: this.size!.height,
      size_bytes: fs.statSync(file).size,
      frames: this.written,
      truncated: this.truncated,
    };
  }

  /** Stops at once and removes what was written (the worker is closing). */
  abort(): void {
    this.feeding = false;
    if (this.timer) clearInterval(this.timer);
    this.encoder?.kill('SIGKILL');
    fs.rmSync(this.o.dir, { recursive: true, force: true });
  }
}
