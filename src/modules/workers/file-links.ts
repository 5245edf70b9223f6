import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links through which a worker downloads a package from the control plane:
 * `<base64url JSON {k: storage key, e: expiry (unix s)}>.<base64url HMAC-SHA256>` keyed by the
 * worker token, so only the control plane mints them and only workers can redeem them.
 */
export class FileLinks {
  constructor(private readonly secret: string) {}

  sign(key: string, now: Date, ttlSeconds = 3600): string {
    const body = Buffer.from(JSON.stringify({ k: key, e: Math.floor(now.getTime() / 1000) + ttlSeconds })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The storage key, or null for a forged or expired link. */
  verify(id: string, now: Date): string | null {
    const [body, mac] = id.split('.');
    if (!body || !mac) return null;
    const want = Buffer.from(this.mac(body));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    try {
      const { k, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { k: string; e: number };
      if (typeof k !== 'string' || typeof e !== 'number' || e * 1000 < now.getTime()) return null;
      return k;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(`file:${body}`).digest('base64url');
  }
}

export function safeTokenEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
