import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { noteOffHeapBytes } from '../http/off-heap-churn';
import type { FileDigest, FileHasher } from './file-hasher';
import {
  DEFAULT_MULTIPART_LIMITS,
  fieldSink,
  MultipartError,
  MultipartParser,
  type PartSink,
  skipSink,
  multipartBoundary,
} from './multipart-parser';

/** 500 MB, the spec's upload limit (binary megabytes). */
export const MAX_UPLOAD_BYTES = 500 * 1024 * 1024;
/** Room for the multipart framing and the small text fields around the file. */
const MULTIPART_OVERHEAD = 256 * 1024;
/**
 * How much of an upload may wait in memory for the disk before the socket is paused. 8 MB and
 * 1 MB gave the same throughput within the noise of `npm run bench -- uploads` (four alternating
 * runs of 3 trials); 1 MB keeps the server's peak RSS during a 500 MB upload at 175–185 MB where
 * 8 MB reached 187–203 MB.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** An uploaded package spooled to a temporary file; `discard()` removes it. */
export interface ReceivedUpload {
  tempPath: string;
  fileName: string;
  size: number;
  sha256: string;
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/** Where the service wants an upload spooled: its temporary directory, its hasher and the pace it expects. */
export interface UploadSpool {
  tempDir: string;
  hasher: FileHasher;
  pace: UploadPace;
}

/**
 * How slow a client may send a body (UPLOAD_IDLE_TIMEOUT_MS, UPLOAD_MIN_BYTES_PER_SECOND): the body
 * is measured in windows of `idleMs`; a window without a byte, or with fewer than
 * `minBytesPerSecond` on average, ends the upload with 408 and the connection is closed. Time the
 * server itself holds the socket back (its disk is behind) is not counted.
 */
export interface UploadPace {
  idleMs: number;
  minBytesPerSecond: number;
}

/** The body of an upload, read lazily so that the service can check the caller's role first. */
export type UploadSource = (spool: UploadSpool) => Promise<ReceivedUpload>;

function tooLarge(maxBytes = MAX_UPLOAD_BYTES): AppError {
  const limit = maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new AppError('PAYLOAD_TOO_LARGE', `file: larger than the ${limit} upload limit`);
}

/** 413 before any byte of the body is read, when Content-Length already says it is too big. */
export function assertContentLengthWithinLimit(req: FastifyRequest): void {
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
}

/**
 * Lets a Fastify scope accept multipart/form-data requests without reading their bodies: the
 * upload route streams the body itself, through `multipartUploadSource`, after its checks.
 */
export function acceptMultipartBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
}

/**
 * Streams the multipart body: the one `file` part goes to a temp file under the spool's directory
 * (never held in memory; the hasher's worker thread hashes it behind the writes), text parts
 * become `fields`. A file over `maxBytes` is a 413 and leaves no file behind. Every multipart
 * route (app and build uploads, install-app, YAML import) reads its body through this.
 */
export function multipartUploadSource(
  req: FastifyRequest,
  { maxBytes = MAX_UPLOAD_BYTES }: { maxBytes?: number } = {},
): UploadSource {
  return async ({ tempDir, hasher, pace }) => {
    const boundary = multipartBoundary(req.headers['content-type']);
    if (!boundary) throw new AppError('BAD_REQUEST', 'file: required (send multipart/form-data with a file part)');
    await fs.mkdir(tempDir, { recursive: true });
    const fields: Record<string, string> = Object.create(null);
    const tempPath = path.join(tempDir, `upload-${randomBytes(8).toString('hex')}.part`);
    const pump = new BodyPump(req.raw, maxBytes + MULTIPART_OVERHEAD, pace);
    const spooled: { file: SpooledFile | null } = { file: null };
    const parser = new MultipartParser(boundary, (part) => {
      if (part.filename === null)
        return fieldSink(part.name, DEFAULT_MULTIPART_LIMITS.fieldBytes, (value) => (fields[part.name] = value));
      if (part.name !== 'file') return skipSink;
      spooled.file = new SpooledFile(tempPath, safeFileName(part.filename), maxBytes, hasher, pump);
      return spooled.file;
    });
    try {
      await pump.run(parser);
      await spooled.file?.closed();
    } catch (err) {
      // The rest of the body is read and dropped, so that the client gets the answer (a client
      // too slow gets it with the connection closed: see the error handler).
      req.raw.resume();
      await spooled.file?.discard();
      throw uploadError(err);
    }
    const received = spooled.file;
    if (!received) throw new AppError('BAD_REQUEST', 'file: required');
    if (received.size === 0) {
      await received.discard();
      throw new AppError('BAD_REQUEST', 'file: the uploaded file is empty');
    }
    const discard = () => fs.rm(tempPath, { force: true });
    let sha256: string;
    try {
      sha256 = await received.digest.finish(received.size);
    } catch (err) {
      await discard();
      throw err;
    }
    return { tempPath, fileName: received.fileName, size: received.size, sha256, fields, discard };
  };
}

/** The client's file name without directories or control characters (it lands in rows and logs). */
function safeFileName(given: string | null): string {
  const name = path.basename((given ?? '').replace(/[\u0000-\u001f\u007f]/g, '')).slice(0, 255);
  return name === '' || name === '.' || name === '..' ? 'upload' : name;
}

/** The client's mistakes as 400/413 `{detail}`; anything else (a disk error) stays a server error. */
function uploadError(err: unknown): unknown {
  if (err instanceof MultipartError)
    return new AppError(
      'BAD_REQUEST',
      err.kind === 'malformed' ? `The multipart body is malformed: ${err.message}` : err.message,
    );
  if (err instanceof UploadInterrupted) return new AppError('BAD_REQUEST', err.message);
  return err;
}

const rate = (bytesPerSecond: number) =>
  bytesPerSecond >= 1024 ? `${+(bytesPerSecond / 1024).toFixed(1)} KB/s` : `${bytesPerSecond} bytes/s`;

class UploadInterrupted extends Error {
  constructor() {
    super('The upload was interrupted before the body ended');
  }
}

/**
 * Feeds the request body to the parser chunk by chunk, pausing the socket while the file's write
 * buffer is full. It stops at the first failure: the parser's, the disk's, the client going away,
 * or a body longer than `maxBodyBytes` (whatever it holds besides the file: skipped parts, a
 * preamble, an epilogue), which is a 413.
 */
class BodyPump {
  private fail: ((err: Error) => void) | null = null;
  private pending: Error | null = null;
  private writer: Writable | null = null;
  private received = 0;

  constructor(
    private readonly raw: IncomingMessage,
    private readonly maxBodyBytes: number,
    private readonly pace: UploadPace,
  ) {}

  /** The writable whose buffer holds the socket back. */
  throttleWith(writer: Writable): void {
    this.writer = writer;
  }

  /** Ends the pump with `err` (a sink's disk error). */
  abort(err: Error): void {
    if (this.fail) this.fail(err);
    else this.pending ??= err;
  }

  run(parser: MultipartParser): Promise<void> {
    const { raw } = this;
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      // Bytes in the current window of `pace.idleMs`; the window restarts whenever the server resumes the socket.
      let windowBytes = 0;
      const { idleMs, minBytesPerSecond } = this.pace;
      const minWindowBytes = Math.ceil((minBytesPerSecond * idleMs) / 1000);
      const paceCheck = setInterval(() => {
        if (raw.isPaused()) return;
        if (windowBytes === 0)
          return settle(new AppError('REQUEST_TIMEOUT', `The upload stalled: no data for ${idleMs / 1000} s`));
        if (windowBytes < minWindowBytes)
          return settle(
            new AppError(
              'REQUEST_TIMEOUT',
              `The upload is too slow: under ${rate(minBytesPerSecond)} for ${idleMs / 1000} s`,
            ),
          );
        windowBytes = 0;
      }, idleMs);
      const settle = (err?: Error) => {
        if (settled) return;
        settled = true;
        clearInterval(paceCheck);
        this.fail = null;
        raw.off('data', onData).off('end', onEnd).off('error', onClose).off('close', onClose);
        if (err) reject(err);
        else resolve();
      };
      const onData = (chunk: Buffer) => {
        windowBytes += chunk.length;
        this.received += chunk.length;
        if (this.received > this.maxBodyBytes)
          return settle(new AppError('PAYLOAD_TOO_LARGE', 'Request body too large'));
        // Each chunk is a fresh off-heap copy made by Node's HTTP parser: see off-heap-churn.ts.
        noteOffHeapBytes(chunk.length);
        try {
          parser.write(chunk);
        } catch (err) {
          return settle(err as Error);
        }
        const writer = this.writer;
        if (writer?.writableNeedDrain && !raw.isPaused()) {
          raw.pause();
          writer.once('drain', () => {
            if (settled) return;
            // The client was held back by us: its pace is measured afresh.
            paceCheck.refresh();
            windowBytes = 0;
            raw.resume();
          });
        }
      };
      const onEnd = () => {
        try {
          parser.end();
          settle();
        } catch (err) {
          settle(err as Error);
        }
      };
      const onClose = () => settle(new UploadInterrupted());
      this.fail = settle;
      if (this.pending) return settle(this.pending);
      // An error on the request itself is the client's connection failing.
      raw.on('data', onData).on('end', onEnd).on('error', onClose).on('close', onClose);
    });
  }
}

/** The `file` part, written to its temp file as it arrives and hashed behind the writes. */
class SpooledFile implements PartSink {
  size = 0;
  readonly digest: FileDigest;
  private readonly out: WriteStream;

  constructor(
    readonly tempPath: string,
    readonly fileName: string,
    private readonly maxBytes: number,
    hasher: FileHasher,
    pump: BodyPump,
  ) {
    this.out = createWriteStream(tempPath, { highWaterMark: WRITE_BUFFER_BYTES });
    this.out.on('error', (err) => pump.abort(err));
    this.digest = hasher.track(tempPath);
    pump.throttleWith(this.out);
  }

  data(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) throw tooLarge(this.maxBytes);
    this.out.write(chunk);
    // bytesWritten counts completed writes only: the hasher reads no further than that.
    this.digest.written(this.out.bytesWritten);
  }

  end(): void {
    this.out.end();
  }

  /** Resolves once every byte is on disk (rejects with the disk's error). */
  closed(): Promise<void> {
    return finished(this.out);
  }

  /** Stops writing and hashing and removes the temp file. */
  async discard(): Promise<void> {
    this.digest.abort();
    if (!this.out.closed) {
      const closed = new Promise<void>((resolve) => this.out.once('close', () => resolve()));
      this.out.destroy();
      await closed;
    }
    await fs.rm(this.tempPath, { force: true });
  }
}
