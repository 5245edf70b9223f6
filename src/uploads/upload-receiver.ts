import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { FileDigest, FileHasher } from './file-hasher';

/** 500 MB, the spec's upload limit (binary megabytes). */
export const MAX_UPLOAD_BYTES = 500 * 1024 * 1024;
/** Room for the multipart framing and the small text fields around the file. */
const MULTIPART_OVERHEAD = 256 * 1024;
/**
 * How much of an upload may wait in memory for the disk. When page-cache writes stall (they come
 * in bursts on virtual disks), a deep buffer keeps the socket flowing instead of pausing the client
 * at every stall (16 MB took a 500 MB upload from ~180 to ~270 MB/s in `npm run bench -- uploads`).
 * 8 MB keeps that within the noise of the benchmark while the server's peak RSS during a 500 MB
 * upload stays under the 200 MB goal (219 MB with 16 MB, 173 MB with 8 MB).
 */
const WRITE_BUFFER_BYTES = 8 * 1024 * 1024;

/** An uploaded package spooled to a temporary file; `discard()` removes it. */
export interface ReceivedUpload {
  tempPath: string;
  fileName: string;
  size: number;
  sha256: string;
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/** Where the service wants an upload spooled: its temporary directory and its hasher. */
export interface UploadSpool {
  tempDir: string;
  hasher: FileHasher;
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
 * Streams the multipart body: the one `file` part goes to a temp file under the spool's directory
 * (never held in memory; the hasher's worker thread hashes it behind the writes), text parts
 * become `fields`. A file over `maxBytes` is a 413 and leaves no file behind. Every multipart
 * route (app and build uploads, install-app, YAML import) reads its body through this.
 */
export function multipartUploadSource(req: FastifyRequest, { maxBytes = MAX_UPLOAD_BYTES }: { maxBytes?: number } = {}): UploadSource {
  return async ({ tempDir, hasher }) => {
    if (!req.isMultipart()) throw new AppError('BAD_REQUEST', 'file: required (send multipart/form-data with a file part)');
    await fs.mkdir(tempDir, { recursive: true });
    const fields: Record<string, string> = {};
    let received: { fileName: string; size: number; digest: FileDigest } | null = null;
    const tempPath = path.join(tempDir, `upload-${randomBytes(8).toString('hex')}.part`);
    const discard = () => fs.rm(tempPath, { force: true });
    try {
      for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 } })) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          continue;
        }
        const out = createWriteStream(tempPath, { highWaterMark: WRITE_BUFFER_BYTES });
        const digest = hasher.track(tempPath);
        received = { fileName: path.basename(part.filename || 'upload'), size: 0, digest };
        // A 'data' listener next to the pipe counts the bytes and tells the hasher how far the
        // file is written (bytesWritten only counts completed writes).
        const file = received;
        part.file.on('data', (chunk: Buffer) => {
          file.size += chunk.length;
          digest.written(out.bytesWritten);
        });
        await pipeline(part.file, out);
        if (part.file.truncated) throw tooLarge(maxBytes);
      }
    } catch (err) {
      received?.digest.abort();
      await discard();
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('BAD_REQUEST', 'Too many parts: send one file and a few text fields');
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('BAD_REQUEST', 'file: required (send multipart/form-data with a file part)');
      throw new AppError('BAD_REQUEST', `The multipart body is malformed: ${(err as Error).message}`);
    }
    if (!received) throw new AppError('BAD_REQUEST', 'file: required');
    const { fileName, size, digest } = received;
    if (size === 0) {
      digest.abort();
      await discard();
      throw new AppError('BAD_REQUEST', 'file: the uploaded file is empty');
    }
    let sha256: string;
    try {
      sha256 = await digest.finish(size);
    } catch (err) {
      await discard();
      throw err;
    }
    return { tempPath, fileName, size, sha256, fields, discard };
  };
}
