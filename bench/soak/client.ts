import type { Recorder } from './recorder';

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the soak reads whatever the API answers
  json: any;
}

const TIMEOUT_MS = 30_000;

/**
 * An API client as a user behind a load balancer has one: each call goes to a replica picked at
 * random, and a call that gets no answer at all (the replica is down) is tried once more on the
 * next one, as a balancer's health check would route it. Every attempt is recorded.
 */
export class SoakClient {
  constructor(
    private readonly urls: () => string[],
    readonly token: string,
    private readonly rec: Recorder,
  ) {}

  async call(method: string, route: string, path: string, body?: unknown | FormData): Promise<Answer> {
    const urls = this.urls();
    const first = Math.floor(Math.random() * urls.length);
    let last: Answer = { status: 0, json: null };
    for (let i = 0; i < Math.min(2, urls.length); i++) {
      const url = urls[(first + i) % urls.length]!;
      last = await this.once(url, method, route, path, body);
      if (last.status !== 0) return last;
    }
    return last;
  }

  private async once(url: string, method: string, route: string, path: string, body?: unknown): Promise<Answer> {
    const t0 = Date.now();
    const p0 = performance.now();
    const isForm = body instanceof FormData;
    try {
      const r = await fetch(`${url}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await r.text();
      const ms = performance.now() - p0;
      // biome-ignore lint/suspicious/noExplicitAny: the soak reads whatever the API answers
      let json: any = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
      const why = r.status >= 500 ? `${url} ${path}: ${String(json?.detail ?? text).slice(0, 200)}` : undefined;
      this.rec.record(`${method} ${route}`, t0, ms, r.status, why);
      return { status: r.status, json };
    } catch (err) {
      this.rec.record(`${method} ${route}`, t0, performance.now() - p0, 0, `${url} ${path}: ${(err as Error).message}`);
      return { status: 0, json: null };
    }
  }

  /** Like `call`, but a 4xx or 5xx (or no answer) throws: for setup, which must succeed. */
  async must(method: string, path: string, body?: unknown): Promise<Answer['json']> {
    for (let attempt = 0; ; attempt++) {
      const a = await this.call(method, path, path, body);
      if (a.status >= 200 && a.status < 300) return a.json;
      if (attempt >= 5 || (a.status >= 400 && a.status < 500))
        throw new Error(`${method} ${path}: ${a.status} ${JSON.stringify(a.json)}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const jitter = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
