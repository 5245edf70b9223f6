import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PostedStatus {
  owner: string;
  repo: string;
  sha: string;
  authorization: string | undefined;
  state: string;
  description: string;
  context: string;
  target_url: string;
  at: number;
}

/**
 * The part of GitHub's REST API simdeck calls, on loopback: POST /repos/{owner}/{repo}/statuses/{sha}
 * records the status and answers 201. `failNext` makes the next requests fail with that status.
 */
export class FakeGithub {
  readonly statuses: PostedStatus[] = [];
  /** Every request, accepted or not. */
  requests = 0;
  /** Every request's method, path as it arrived, and Authorization header. */
  readonly log: Array<{ method: string; path: string; authorization: string | undefined }> = [];
  failNext: number[] = [];
  private readonly server: http.Server;

  private constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests++;
        this.log.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization });
        const m = /^\/repos\/([^/]+)\/([^/]+)\/statuses\/([0-9a-fA-F]+)$/.exec(req.url ?? '');
        const failure = this.failNext.shift();
        if (failure) {
          res.writeHead(failure, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'Server Error' }));
          return;
        }
        if (req.method !== 'POST' || !m) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'Not Found' }));
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        this.statuses.push({
          owner: m[1]!,
          repo: m[2]!,
          sha: m[3]!,
          authorization: req.headers.authorization,
          ...body,
          at: Date.now(),
        });
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: this.statuses.length, state: body.state, context: body.context }));
      });
    });
  }

  static async start(): Promise<FakeGithub> {
    const g = new FakeGithub();
    await new Promise<void>((resolve) => g.server.listen(0, '127.0.0.1', resolve));
    return g;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
