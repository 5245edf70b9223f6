import { SignJWT, jwtVerify } from 'jose';

export interface LoginClaims {
  userId: number;
  orgId: number;
  /** The user's token version at issue time; a password change bumps it and voids older tokens. */
  tokenVersion: number;
}

const LIFETIME_SECONDS = 7 * 24 * 3600;

/** HS256 login tokens valid for 7 days (DECISIONS.md). */
export class JwtIssuer {
  private readonly key: Uint8Array;
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      const userId = Number(payload.sub);
      const orgId = payload.org;
      const tokenVersion = payload.ver;
      if (!Number.isInteger(userId) || typeof orgId !== 'number' || typeof tokenVersion !== 'number') return null;
      return { userId, orgId, tokenVersion };
    } catch {
      return null;
    }
  }
}
