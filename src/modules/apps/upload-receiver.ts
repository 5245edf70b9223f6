import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/** 500 MB, the spec's upload limit (binary megabytes). */
export const MAX_UPLOAD_BYTES = 500 * 1024 * 1024;
/** Room for the multipart framing and the small text fields around the file. */
const MULTIPART_OVERHEAD = 256 * 1024;

/** An uploaded package spooled to a temporary file; `discard()` removes it. */
export interface ReceivedUpload {
  tempPath: string;
  fileName: string;
  size: number;
  sha256: string;
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/** The body of an upload, read lazily so that the service can check the caller's role first. */
export type UploadSource = () => Promise<ReceivedUpload>;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${MAX_UPLOAD_BYTES / 1024 / 1024} MB upload limit`);

/** 413 before any byte of the body is read, when Content-Length already says it is too big. */
export function assertContentLengthWithinLimit(req: FastifyRequest): void {
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
}

/**
 * Streams the multipart body: the one `file` part goes to a temp file under `tempDir` (hashed on
 * the way, never held in memory), text parts become `fields`. A file over the limit is a 413 and
 * leaves no file behind.
 */
export function multipartUploadSource(req: FastifyRequest, tempDir: string): UploadSource {
  return async () => {
    if (!req.isMultipart()) throw new AppError('BAD_REQUEST', 'file: required (send multipart/form-data with a file part)');
    await fs.mkdir(tempDir, { recursive: true });
    const fields: Record<string, string> = {};
    let received: Omit<ReceivedUpload, 'fields' | 'discard'> | null = null;
    const tempPath = path.join(tempDir, `upload-${randomBytes(8).toString('hex')}.part`);
    const discard = () => fs.rm(tempPath, { force: true });
    try {
      for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 } })) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          continue;
        }
        const hash = createHash('sha256');
        let size = 0;
        // A 'data' listener next to the pipe hashes every chunk without an extra stream hop.
        part.file.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          size += chunk.length;
        });
        await pipeline(part.file, createWriteStream(tempPath, { highWaterMark: 1024 * 1024 }));
        if (part.file.truncated) throw tooLarge();
        received = { tempPath, fileName: path.basename(part.filename || 'upload'), size, sha256: hash.digest('hex') };
      }
    } catch (err) {
      await discard();
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('BAD_REQUEST', 'Too many parts: send one file and a few text fields');
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('BAD_REQUEST', 'file: required (send multipart/form-data with a file part)');
      throw new AppError('BAD_REQUEST', `The upload could not be read: ${(err as Error).message}`);
    }
    if (!received) throw new AppError('BAD_REQUEST', 'file: required');
    if (received.size === 0) {
      await discard();
      throw new AppError('BAD_REQUEST', 'file: the uploaded file is empty');
    }
    return { ...received, fields, discard };
  };
}
