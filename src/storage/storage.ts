import type { Readable } from 'node:stream';

/**
 * Where simdeck keeps files (app packages, icons, screenshots, baselines): a local directory by
 * default, or an S3-compatible bucket. Keys are slash-separated relative paths
 * (`apps/<public_id>/builds/<id>.apk`); callers never build filesystem paths themselves.
 */
export interface ObjectStorage {
  /** Streams `body` into `key`, replacing it; resolves with the bytes written. */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<{ size: number }>;
  /**
   * Moves a finished local file into `key`; the file is consumed. LocalStorage renames it (a copy
   * only across filesystems), S3 streams it up and removes it.
   */
  putFile(key: string, filePath: string, options?: { contentType?: string }): Promise<{ size: number }>;
  /** A readable stream of the object (or of bytes `start`..`end` inclusive), or null when it does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The whole object in memory, or null; only for small objects (icons, baselines). */
  getBuffer(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
}

/** Bytes `start` to `end` of an object, both included (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Rejects keys that could escape the storage root or address odd objects. */
export function assertValidKey(key: string): void {
  if (
    !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) ||
    key.split('/').some((part) => part === '..' || part === '.' || part === '')
  ) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}
