import { Worker } from 'node:worker_threads';

/**
 * SHA-256 of files that are still being written, computed on a worker thread so that hashing a
 * 500 MB upload does not share the event loop with parsing it. The writer reports how many bytes
 * are on disk; the worker reads them back (from the page cache) and hashes them as they come, so
 * the digest is ready a moment after the last write and memory stays at one read buffer per file.
 */
export interface FileDigest {
  /** Bytes [0, bytes) of the file are written: the worker may hash them. */
  written(bytes: number): void;
  /** The file is complete at `bytes` long; resolves to its lower-case hex SHA-256. */
  finish(bytes: number): Promise<string>;
  /** The file will not be finished (the upload failed): stop reading it. */
  abort(): void;
}

type ToWorker = { id: number; path: string; upTo: number; finish?: boolean } | { id: number; abort: true };
type FromWorker = { id: number; sha256: string } | { id: number; error: string };

/**
 * The worker keeps one open descriptor and hash state per file. It only reads below the offsets
 * the writer reported, so it never sees a half-written region. Plain JavaScript, evaluated as-is,
 * so that it runs the same under tsx, Vitest and the esbuild bundle.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { createHash } = require('node:crypto');
const buffer = Buffer.allocUnsafe(1024 * 1024);
const files = new Map();
function close(id) {
  const f = files.get(id);
  if (f) { files.delete(id); if (f.fd !== null) fs.closeSync(f.fd); }
}
parentPort.on('message', (m) => {
  if (m.abort) return close(m.id);
  let f = files.get(m.id);
  if (!f) { f = { fd: null, hash: createHash('sha256'), at: 0 }; files.set(m.id, f); }
  try {
    if (f.at < m.upTo && f.fd === null) f.fd = fs.openSync(m.path, 'r');
    while (f.at < m.upTo) {
      const n = fs.readSync(f.fd, buffer, 0, Math.min(buffer.length, m.upTo - f.at), f.at);
      if (n === 0) throw new Error('the file ended at ' + f.at + ' bytes, before ' + m.upTo);
      f.hash.update(buffer.subarray(0, n));
      f.at += n;
    }
    if (m.finish) {
      parentPort.postMessage({ id: m.id, sha256: f.hash.digest('hex') });
      close(m.id);
    }
  } catch (err) {
    close(m.id);
    parentPort.postMessage({ id: m.id, error: String(err && err.message || err) });
  }
});
`;

/** How far the writer gets ahead before it tells the worker (fewer, larger reads). */
const REPORT_EVERY_BYTES = 4 * 1024 * 1024;

/** What the main thread knows of one file: a failure reported early, or the caller waiting. */
interface Tracked {
  error?: Error;
  waiter?: { resolve: (sha: string) => void; reject: (err: Error) => void };
}

export class FileHasher {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly tracked = new Map<number, Tracked>();

  /** Starts hashing the file at `path`, which its writer is about to fill from offset 0. */
  track(path: string): FileDigest {
    const id = this.nextId++;
    const state: Tracked = {};
    this.tracked.set(id, state);
    let reported = 0;
    const send = (message: ToWorker) => this.ensureWorker().postMessage(message);
    const live = () => this.tracked.get(id) === state && !state.error && !state.waiter;
    return {
      written: (bytes) => {
        if (!live() || bytes - reported < REPORT_EVERY_BYTES) return;
        reported = bytes;
        send({ id, path, upTo: bytes });
      },
      finish: (bytes) => {
        if (state.error || this.tracked.get(id) !== state) {
          this.tracked.delete(id);
          return Promise.reject(state.error ?? new Error('Hashing the upload was aborted'));
        }
        return new Promise<string>((resolve, reject) => {
          state.waiter = { resolve, reject };
          send({ id, path, upTo: bytes, finish: true });
        });
      },
      abort: () => {
        if (this.tracked.get(id) !== state || state.waiter) return;
        this.tracked.delete(id);
        // After an error the worker has already let go of the file.
        if (reported > 0 && !state.error) send({ id, abort: true });
      },
    };
  }

  /** Stops the worker; digests still pending are rejected. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('the file hasher was closed'));
    await worker?.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    // Idle, it must not keep the process alive; a pending digest keeps the writer's request open.
    worker.unref();
    worker.on('message', (m: FromWorker) => {
      const state = this.tracked.get(m.id);
      if (!state) return;
      const error = 'error' in m ? new Error(`Hashing the upload failed: ${m.error}`) : null;
      if (!state.waiter) {
        // Failed while the file was still being written: the writer learns it on finish().
        if (error) state.error = error;
        return;
      }
      this.tracked.delete(m.id);
      if (error) state.waiter.reject(error);
      else state.waiter.resolve((m as { sha256: string }).sha256);
    });
    const lost = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(err);
    };
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error('the file hasher stopped')));
    this.worker = worker;
    return worker;
  }

  /** The worker is gone: every file it was hashing has to fail. */
  private failAll(err: Error): void {
    for (const [id, state] of this.tracked) {
      if (state.waiter) {
        this.tracked.delete(id);
        state.waiter.reject(err);
      } else {
        state.error ??= err;
      }
    }
  }
}
