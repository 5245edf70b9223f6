import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { assertValidKey, type ByteRange, type ObjectStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

type Sdk = typeof import('@aws-sdk/client-s3') & Pick<typeof import('@aws-sdk/lib-storage'), 'Upload'>;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2...). Streams go up as multipart uploads of
 * 8 MB parts, so a 500 MB package never sits in memory. The AWS SDK (~40 MB resident) is loaded
 * on first use, so deployments on local storage never pay for it.
 */
export class S3Storage implements ObjectStorage {
  private sdk: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  private readonly bucket: string;

  constructor(private readonly options: S3StorageOptions) {
    this.bucket = options.bucket;
  }

  private load(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.sdk ??= (async () => {
      const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
      const { options } = this;
      const config: S3ClientConfig = { region: options.region, forcePathStyle: options.forcePathStyle };
      if (options.endpoint) config.endpoint = options.endpoint;
      if (options.accessKeyId && options.secretAccessKey)
        config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
      return { sdk: { ...s3, Upload: storage.Upload }, client: new s3.S3Client(config) };
    })();
    return this.sdk;
  }

  async put(key: string, body: Readable | Buffer, options: { contentType?: string } = {}): Promise<{ size: number }> {
    assertValidKey(key);
    let size = 0;
    const counted = Buffer.isBuffer(body)
      ? body
      : body.map((chunk: Buffer) => {
          size += chunk.length;
          return chunk;
        });
    const { sdk, client } = await this.load();
    const upload = new sdk.Upload({
      client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: options.contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 4,
      leavePartsOnError: false,
    });
    await upload.done();
    return { size: Buffer.isBuffer(body) ? body.length : size };
  }

  async putFile(key: string, filePath: string, options: { contentType?: string } = {}): Promise<{ size: number }> {
    const result = await this.put(key, createReadStream(filePath), options);
    await fs.rm(filePath, { force: true });
    return result;
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    assertValidKey(key);
    try {
      const { sdk, client } = await this.load();
      const res = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return res.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    const stream = await this.get(key);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      const { sdk, client } = await this.load();
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const { sdk, client } = await this.load();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidKey(prefix);
    const { sdk, client } = await this.load();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => !!k);
      if (keys.length > 0) {
        await client.send(
          new sdk.DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    void this.sdk?.then(({ client }) => client.destroy()).catch(() => undefined);
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
