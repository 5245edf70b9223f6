import type { Client } from 'undici';
import { loadUndici } from '../../lazy-modules';

const MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface WebDriverAnswer {
  status: number;
  /** The body's `value` (the result, or a W3C error `{error, message, stacktrace}`). */
  value: unknown;
  sessionId: unknown;
}

/**
 * The UiAutomator2 server's side of W3C WebDriver over HTTP, as much as simdeck uses: JSON in,
 * `{"sessionId", "value"}` out. One undici client per server: one keep-alive connection through
 * the adb forward, each request with its own time limit, answers capped at 32 MB.
 */
export class WebDriverHttp {
  private readonly client: Client;

  constructor(port: number) {
    this.client = new (loadUndici().Client)(`http://127.0.0.1:${port}`, {
      keepAliveTimeout: 30_000,
      connect: { timeout: 5000 },
    });
  }

  async call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    timeoutMs: number,
  ): Promise<WebDriverAnswer> {
    const res = await this.client.request({
      method,
      path,
      headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of res.body) {
      size += (c as Buffer).length;
      if (size > MAX_BODY_BYTES) {
        res.body.destroy();
        throw new Error(`the UiAutomator2 server's answer is over ${MAX_BODY_BYTES / 1024 / 1024} MB`);
      }
      chunks.push(c as Buffer);
    }
    let json: { value?: unknown; sessionId?: unknown };
    try {
      json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      throw new Error(`the UiAutomator2 server answered ${method} ${path} with ${res.statusCode} and no JSON`);
    }
    return { status: res.statusCode, value: json?.value ?? null, sessionId: json?.sessionId };
  }

  /** Closes the connection at once (requests in flight fail). */
  close(): Promise<void> {
    return this.client.destroy();
  }
}

/** A W3C error value's words (`{error, message}`), short. */
export function webDriverError(value: unknown): string {
  const v = value as { error?: unknown; message?: unknown } | null;
  const text = [v?.error, v?.message].filter((x) => typeof x === 'string').join(': ');
  return (text || 'no detail').slice(0, 300);
}
