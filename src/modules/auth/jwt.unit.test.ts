import { describe, expect, it } from 'vitest';
import { JwtIssuer } from './jwt';

describe('JwtIssuer', () => {
  const issued = new Date('2026-06-01T12:00:00Z');
  const claims = { userId: 7, orgId: 3, tokenVersion: 2 };

  it('verifies its own tokens, also from the verified-token cache, until they expire after 7 days', async () => {
    const jwt = new JwtIssuer('k'.repeat(48));
    const token = await jwt.sign(claims, issued);
    expect(await jwt.verify(token, issued)).toEqual(claims);
    expect(await jwt.verify(token, new Date(issued.getTime() + 7 * 24 * 3600_000 - 1000))).toEqual(claims);
    expect(await jwt.verify(token, new Date(issued.getTime() + 7 * 24 * 3600_000))).toBeNull();
    // A fresh issuer (no cache) agrees on expiry.
    expect(
      await new JwtIssuer('k'.repeat(48)).verify(token, new Date(issued.getTime() + 7 * 24 * 3600_000)),
    ).toBeNull();
  });

  it('rejects a token signed with another secret or tampered with', async () => {
    const jwt = new JwtIssuer('k'.repeat(48));
    const foreign = await new JwtIssuer('z'.repeat(48)).sign(claims, issued);
    expect(await jwt.verify(foreign, issued)).toBeNull();
    const token = await jwt.sign(claims, issued);
    expect(await jwt.verify(token, issued)).toEqual(claims);
    const [h, , s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: '1', org: 3, ver: 2, exp: 9999999999 })).toString('base64url')}.${s}`;
    expect(await jwt.verify(forged, issued)).toBeNull();
  });
});
