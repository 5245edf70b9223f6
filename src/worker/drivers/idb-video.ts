import { spawn } from 'node:child_process';
import { type JpegImage, MjpegSplitter } from './mjpeg-splitter';

/**
 * The simulator's screen as a stream: one long-lived `idb video-stream --format mjpeg` whose
 * stdout is JPEG images back to back (idb's client writes each chunk the companion sends as it
 * comes, so chunks do not follow image boundaries), split by `MjpegSplitter`. Without `--fps`
 * the companion sends a frame when the screen changes.
 */

export interface IdbVideoOptions {
  idb: string;
  udid: string;
  /** JPEG quality, 0..1 (idb's `--compression-quality`). */
  quality?: number;
  /** A fixed frame rate; by default the companion's dynamic rate (a frame when the screen changes). */
  fps?: number;
  onImage: (image: JpegImage) => void;
  /** The stream ended without `stop()`: idb is missing, exited or sent nothing in time. */
  onEnd: (reason: string) => void;
  /** How long the first image may take (default 10 s). */
  firstFrameTimeoutMs?: number;
}

export interface IdbVideo {
  stop(): void;
  readonly pid: number | undefined;
}

export function idbVideoStreamArgs(udid: string, quality = 0.8, fps?: number): string[] {
  const q = Math.min(1, Math.max(0.05, quality));
  const args = ['video-stream', '--udid', udid, '--format', 'mjpeg', '--compression-quality', String(q)];
  if (fps !== undefined) args.push('--fps', String(Math.max(1, Math.min(60, Math.round(fps)))));
  return args;
}

export function startIdbVideo(o: IdbVideoOptions): IdbVideo {
  const splitter = new MjpegSplitter();
  const child = spawn(o.idb, idbVideoStreamArgs(o.udid, o.quality, o.fps), { stdio: ['ignore', 'pipe', 'pipe'] });
  let stopped = false;
  let ended = false;
  let images = 0;
  let stderr = '';
  let firstFrame: NodeJS.Timeout | undefined;
  const end = (reason: string) => {
    clearTimeout(firstFrame);
    if (ended) return;
    ended = true;
    if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
    if (!stopped) o.onEnd(reason);
  };
  firstFrame = setTimeout(() => end('idb video-stream sent no image in time'), o.firstFrameTimeoutMs ?? 10_000);
  child.stdout.on('data', (chunk: Buffer) => {
    if (ended) return;
    for (const image of splitter.push(chunk)) {
      images += 1;
      if (images === 1) clearTimeout(firstFrame);
      o.onImage(image);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  child.on('error', (err: NodeJS.ErrnoException) =>
    end(err.code === 'ENOENT' ? 'idb is not installed on the device host' : `idb video-stream: ${err.message}`),
  );
  child.on('close', (code, signal) =>
    end(
      `idb video-stream ended (${signal ?? `exit ${code}`}) after ${images} images${stderr ? `: ${stderr.trim()}` : ''}`,
    ),
  );
  return {
    pid: child.pid,
    stop() {
      stopped = true;
      end('stopped');
    },
  };
}
