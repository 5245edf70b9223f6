import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

export interface LoginClaims {
  userId: number;
  orgId: number;
  /** The user's token version at issue time; a password change bumps it and voids older tokens. */
  tokenVersion: number;
}

const LIFETIME_SECONDS = 7 * 24 * 3600;

/** HS256 login tokens valid for 7 days (docs/design/0010-email-tokens-and-secrets.md). */
export class JwtIssuer {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature was already checked, with their claims and expiry. A valid HS256
   * signature stays valid, so only the expiry needs checking again; this takes the signature check
   * (WebCrypto, ~0.2 ms) off every request. Revocation (token_version) is still checked per request.
   */
  private readonly verified = new LRUCache<string, { claims: LoginClaims; expMs: number }>({ max: 10_000 });
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: LoginClaims, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ org: claims.orgId, ver: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + LIFETIME_SECONDS)
      .sign(this.key);
  }

  /** The claims of a valid token at `now`, or null for a bad signature, malformed token or expiry. */
  async verify(token: string, now: Date): Promise<LoginClaims | null> {
    const hit = this.verified.get(token);
    if (hit) return now.getTime() < hit.expMs ? hit.claims : null;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      const userId = Number(payload.sub);
      const orgId = payload.org;
      const tokenVersion = payload.ver;
      if (
        !Number.isInteger(userId) ||
        typeof orgId !== 'number' ||
        typeof tokenVersion !== 'number' ||
        typeof payload.exp !== 'number'
      )
        return null;
      const claims = { userId, orgId, tokenVersion };
      this.verified.set(token, { claims, expMs: payload.exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}
