import { createHmac } from 'node:crypto';
import { safeEqual } from '../../crypto/tokens';

/**
 * Short-lived links through which a worker downloads a package from the control plane:
 * `<base64url JSON {k: storage key, e: expiry (unix s)}>.<base64url HMAC-SHA256>` under a key of
 * their own (never a worker credential), so only the control plane mints them; redeeming one
 * also takes a worker credential.
 */
export class FileLinks {
  constructor(private readonly secret: string) {}

  sign(key: string, now: Date, ttlSeconds = 3600): string {
    const body = Buffer.from(JSON.stringify({ k: key, e: Math.floor(now.getTime() / 1000) + ttlSeconds })).toString(
      'base64url',
    );
    return `${body}.${this.mac(body)}`;
  }

  /** A link through which a worker uploads a file (a screen recording) to `key`; never a download link. */
  signUpload(key: string, now: Date, ttlSeconds = 3 * 3600): string {
    return this.sign(`put:${key}`, now, ttlSeconds);
  }

  /** The storage key, or null for a forged or expired link. */
  verify(id: string, now: Date): string | null {
    const [body, mac] = id.split('.');
    if (!body || !mac) return null;
    if (!safeEqual(this.mac(body), mac)) return null;
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
