import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
        if (d.attempts === 1 && n % 20 === 1) {
          this.hanging.add(res);
          return;
        }
        if (d.attempts === 1 && n % 5 === 0) {
          res.writeHead(500).end('soak says no');
          return;
        }
        d.ok = true;
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(this.port, '127.0.0.1', () => r()));
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
