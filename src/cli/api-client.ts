import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';

/** An answer of the API that is not 2xx: the status and the `{detail}` it gave. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/** A mistake of the person at the terminal (no login, a bad flag): printed, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface UploadFile {
  field: string;
  filePath: string;
  fields?: Record<string, string | undefined>;
  /** Called as bytes of the file go out. */
  onProgress?: (sent: number, total: number) => void;
}

/** A small typed client of the simdeck HTTP API (`/api/v1`), on Node's global fetch. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string | null,
    private readonly timeoutMs = 60_000,
  ) {}

  get<T>(p: string, signal?: AbortSignal): Promise<T> {
    return this.request<T>('GET', p, undefined, signal);
  }

  post<T>(p: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    return this.request<T>('POST', p, body, signal);
  }

  delete<T>(p: string, signal?: AbortSignal): Promise<T> {
    return this.request<T>('DELETE', p, undefined, signal);
  }

  async request<T>(method: Method, p: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const init: RequestInit = {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    };
    const res = await this.send(p, init);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  /** The raw body of a download (a YAML export, a CSV). */
  async download(p: string): Promise<Buffer> {
    const res = await this.send(p, { method: 'GET' });
    return Buffer.from(await res.arrayBuffer());
  }

  /** A multipart upload streamed from disk, so a 500 MB build never sits in memory. */
  async upload<T>(p: string, file: UploadFile, timeoutMs = 30 * 60_000): Promise<T> {
    const boundary = `----simdeck${randomUUID().replace(/-/g, '')}`;
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(file.fields ?? {})) {
      if (v !== undefined)
        parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    }
    const name = path.basename(file.filePath).replace(/["\r\n]/g, '_');
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
    );
    const head = Buffer.concat(parts);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const size = fs.statSync(file.filePath).size;
    async function* body() {
      yield head;
      let sent = 0;
      for await (const chunk of fs.createReadStream(file.filePath, { highWaterMark: 256 * 1024 })) {
        sent += (chunk as Buffer).length;
        yield chunk as Buffer;
        file.onProgress?.(sent, size);
      }
      yield tail;
    }
    const res = await this.send(
      p,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
        body: Readable.toWeb(Readable.from(body())) as ReadableStream,
        duplex: 'half',
      } as RequestInit,
      timeoutMs,
    );
    return (await res.json()) as T;
  }

  private async send(p: string, init: RequestInit, timeoutMs = this.timeoutMs): Promise<Response> {
    const url = `${this.baseUrl}/api/v1${p}`;
    const headers = new Headers(init.headers);
    if (this.token) headers.set('authorization', `Bearer ${this.token}`);
    headers.set('user-agent', 'simdeck-cli');
    let res: Response;
    try {
      const timeout = AbortSignal.timeout(timeoutMs);
      res = await fetch(url, {
        ...init,
        headers,
        signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
      });
    } catch (err) {
      if (init.signal?.aborted) throw err;
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const why =
        (err as Error).name === 'TimeoutError'
          ? `no answer within ${Math.round(timeoutMs / 1000)} s`
          : (cause?.code ?? cause?.message ?? (err as Error).message);
      throw new ApiError(0, `Cannot reach ${this.baseUrl}: ${why}`);
    }
    if (!res.ok) throw new ApiError(res.status, await detailOf(res));
    return res;
  }
}

async function detailOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    if (typeof body.detail === 'string') return body.detail;
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
}
