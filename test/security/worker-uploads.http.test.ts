import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness/app';
import { createOrgWithRoles, type OrgWithRoles } from '../harness/factories';

/**
 * `PUT /workers/uploads/{link}`: where a device host sends a finished screen recording. Only a
 * worker may use it, only through an upload link the control plane signed (never a download
 * link, never a forged or expired one), and only with the bytes it declared. Nothing is stored
 * by a refused upload, and the server keeps answering.
 */
describe('worker recording uploads', () => {
  let t: TestApp;
  let org: OrgWithRoles;
  const key = 'recordings/test/rec_hostile.mp4';
  const mp4 = Buffer.from('\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom');

  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
    org = await createOrgWithRoles(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (link: string, body: Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/workers/uploads/${link}`,
      payload: body,
      headers: {
        authorization: `Bearer ${t.container.secrets.workerToken}`,
        'content-type': 'video/mp4',
        ...headers,
      },
    });
  const stored = async (k: string) => (await t.container.storage.getBuffer(k)) !== null;
  const healthy = async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode;

  it('a member token, a forged link, an expired link and a download link are refused; nothing is stored', async () => {
    const links = t.container.services.fileLinks;
    const now = t.container.clock.now();
    const good = links.signUpload(key, now);

    const asMember = await put(good, mp4, { authorization: `Bearer ${org.admin.token}` });
    expect(asMember.statusCode).toBeGreaterThanOrEqual(401);
    expect(asMember.statusCode).toBeLessThan(404);

    const [body, mac] = good.split('.');
    const other = Buffer.from(JSON.stringify({ k: 'put:builds/other-org/app.apk', e: 9_999_999_999 })).toString(
      'base64url',
    );
    for (const link of [
      `${other}.${mac}`, // another key under this link's signature
      `${body}.${'A'.repeat(mac!.length)}`, // a forged signature
      links.signUpload(key, new Date(now.getTime() - 4 * 3600_000)), // expired
      links.sign(key, now), // a download link
      `${links.signUpload(key, now)}/../../etc/passwd`,
    ]) {
      const res = await put(link, mp4);
      expect(res.statusCode, link).toBe(404);
      // A path that climbs out of the route is not found by the router; the others by the link check.
      if (!link.includes('/')) expect(res.json().detail).toBe('Upload link not found or expired');
    }
    expect(await stored(key)).toBe(false);
    expect(await stored('builds/other-org/app.apk')).toBe(false);
    expect(await healthy()).toBe(200);
  });

  it('a body longer than its declared length, or a declared length over the cap, is refused', async () => {
    const link = t.container.services.fileLinks.signUpload(`${key}.2`, t.container.clock.now());
    const huge = await put(link, mp4, { 'content-length': String(600 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(await stored(`${key}.2`)).toBe(false);

    const wrongType = await put(link, mp4, { 'content-type': 'application/json' });
    expect(wrongType.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongType.statusCode).toBeLessThan(500);
    expect(await stored(`${key}.2`)).toBe(false);

    const ok = await put(link, mp4);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ size: mp4.length });
    expect(await healthy()).toBe(200);
  });
});
