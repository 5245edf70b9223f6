import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** simdeck's first retry comes 60 s after a failed attempt; a little more for a loaded machine. */
const RETRY_AFTER_DOWN_MS = 90_000;

/**
 * The soak's webhook receiver on loopback. The first attempt of a fifth of the deliveries gets a
 * 500 and that of a twentieth gets no answer at all (simdeck gives up on it after its timeout);
 * while `down`, the port refuses connections. Retries are answered 200, so every delivery
 * succeeds at its first retry unless that too falls in a down window.
 */
export class FlakyReceiver {
  /** Delivery id → attempts seen and whether one was answered 2xx. */
  readonly deliveries = new Map<string, { attempts: number; ok: boolean; event: string }>();
  received = 0;
  private server: http.Server | null = null;
  private readonly hanging = new Set<http.ServerResponse>();
  port = 0;
  /** When it came back from its last down window (0: never down). */
  private upSince = 0;

  async start(): Promise<void> {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        this.received++;
        const id = String(req.headers['x-webhook-delivery'] ?? '');
        const d = this.deliveries.get(id) ?? { attempts: 0, ok: false, event: String(req.headers['x-webhook-event']) };
        d.attempts++;
        this.deliveries.set(id, d);
        const n = Number(id);
        // A delivery first seen soon after a down window may be the retry of an attempt the closed
        // port refused: it is answered 200, as a retry is.
        const flaky = d.attempts === 1 && Date.now() - this.upSince > RETRY_AFTER_DOWN_MS;
        if (flaky && n % 20 === 1) {
          this.hanging.add(res);
          return;
        }
        if (flaky && n % 5 === 0) {
          res.writeHead(500).end('soak says no');
          return;
        }
        d.ok = true;
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(this.port, '127.0.0.1', () => r()));
    if (this.port) this.upSince = Date.now();
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Down: the port stops listening and open requests are cut. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }

  url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }
}
