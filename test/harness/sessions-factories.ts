import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { DeviceDriver } from '../../src/worker/driver';
import { WorkerClient } from '../../src/worker/worker-client';
import { createTestApp, type TestApp, type TestAppOptions } from './app';
import { bearer } from './factories';

export interface LiveApp extends TestApp {
  baseUrl: string;
}

/** The whole application listening on loopback, so that real WebSocket peers can connect. */
export async function createLiveApp(options: TestAppOptions = {}): Promise<LiveApp> {
  const t = await createTestApp(options);
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return Object.assign(t, { baseUrl });
}

/** A real worker client connected over the worker protocol. */
export async function connectWorker(
  t: LiveApp,
  driver: DeviceDriver,
  workerId = `wkr-${randomUUID().slice(0, 8)}`,
  serverUrl = t.baseUrl,
): Promise<WorkerClient> {
  const client = new WorkerClient({
    serverUrl,
    token: t.container.secrets.workerToken,
    workerId,
    driver,
    heartbeatMs: 200,
  });
  await client.start();
  return client;
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what = 'condition',
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A WebSocket client that records every message and can await the next matching one. */
export class WsPeer {
  readonly messages: Array<{ text?: unknown; binary?: Buffer; at: number }> = [];
  private waiters: Array<() => void> = [];
  /** The close code, once the socket has closed. */
  readonly closed: Promise<number>;
  constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
    socket.on('message', (data, isBinary) => {
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      this.messages.push(
        isBinary ? { binary: buf, at: Date.now() } : { text: JSON.parse(buf.toString()), at: Date.now() },
      );
      for (const w of this.waiters.splice(0)) w();
    });
  }
  static async open(url: string, options: WebSocket.ClientOptions & { protocols?: string[] } = {}): Promise<WsPeer> {
    const socket = new WebSocket(url, options.protocols ?? [], options);
    const peer = new WsPeer(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    return peer;
  }
  send(msg: unknown): void {
    this.socket.send(JSON.stringify(msg));
  }
  texts<T = Record<string, unknown>>(): T[] {
    return this.messages.filter((m) => m.text !== undefined).map((m) => m.text as T);
  }
  binaries(): Buffer[] {
    return this.messages.filter((m) => m.binary).map((m) => m.binary!);
  }
  async next<T = Record<string, unknown>>(
    // biome-ignore lint/suspicious/noExplicitAny: predicates read message fields of any shape
    pred: (m: { text?: any; binary?: Buffer }) => boolean,
    timeoutMs = 10_000,
    from = 0,
  ): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(pred);
      if (found) return (found.text ?? found.binary) as T;
      if (Date.now() > until)
        throw new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(this.texts()).slice(0, 800)}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.max(1, until - Date.now()));
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }
  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((r) => {
      this.socket.once('close', () => r());
      this.socket.close();
      setTimeout(r, 500).unref();
    });
  }
}

export function wsUrl(t: LiveApp, path: string): string {
  return `${t.baseUrl.replace(/^http/, 'ws')}${path}`;
}

export async function api(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Creates and starts a session; returns the create body and the start response. */
export async function createAndStart(
  t: TestApp,
  token: string,
  body: Record<string, unknown> = { device_type: 'ios', device_category: 'phone' },
) {
  const created = await api(t, token, 'POST', '/sessions/', body);
  if (created.statusCode !== 200) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const sessionId = created.json().session_id as string;
  const started = await api(t, token, 'POST', `/sessions/${sessionId}/start`);
  return { sessionId, started };
}

export async function waitForStatus(t: TestApp, token: string, sessionId: string, status: string, timeoutMs = 15_000) {
  let body: Record<string, unknown> = {};
  return waitFor(
    async () => {
      const r = await api(t, token, 'GET', `/sessions/${sessionId}`);
      body = r.json();
      if (body.status === 'failed' && status !== 'failed') throw new Error(`session failed: ${body.error_message}`);
      return body.status === status ? body : undefined;
    },
    `session ${sessionId} ${status}`,
    timeoutMs,
  ).catch((err) => {
    throw new Error(`${(err as Error).message}; last seen ${JSON.stringify(body)}`);
    // biome-ignore lint/suspicious/noExplicitAny: the session as the API answers it
  }) as Promise<any>;
}
