import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness/app';
import { signup, uniqueEmail } from '../../test/harness/factories';
import { waitFor } from '../../test/harness/sessions-factories';

/** An app without SMTP whose log lines are kept. */
async function appWithLog(env: Record<string, string>): Promise<{ t: TestApp; lines: string[] }> {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  const t = await createTestApp({ logStream, env: { LOG_LEVEL: 'info', ...env } });
  return { t, lines };
}

const mailDelivery = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/mail-delivery' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('mail without SMTP', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('on a local server, each mail’s links are printed whole to the log, and the link works', async () => {
    const app = await appWithLog({ APP_URL: 'http://localhost:8000' });
    t = app.t;
    const email = uniqueEmail('local-dev');
    await signup(t, { email });
    const outbox = path.join(t.dataDir, 'outbox');
    await waitFor(() => fs.existsSync(outbox) && fs.readdirSync(outbox).length > 0, 'the .eml file', 10_000);
    const line = await waitFor(
      () => app.lines.map((l) => JSON.parse(l)).find((l) => l.to === email && typeof l.link === 'string'),
      'the link in the log',
      10_000,
    );
    expect(line.link).toMatch(/^http:\/\/localhost:8000\/verify-email\?token=[A-Za-z0-9_%-]+$/);
    expect(line.msg).toBe(`mail to ${email}: ${line.link}`);
    // The .eml's quoted-printable text breaks the link; the logged one is the real token.
    const token = decodeURIComponent(new URL(line.link).searchParams.get('token')!);
    const verified = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
    expect(verified.statusCode, verified.body).toBe(200);

    expect(await mailDelivery(t)).toEqual({ mode: 'outbox', outbox, links_in_log: true });
  });

  it('on a server others reach, the log names the file but never the link', async () => {
    const app = await appWithLog({ APP_URL: 'https://simdeck.example.com' });
    t = app.t;
    const email = uniqueEmail('public');
    await signup(t, { email });
    await waitFor(
      () => app.lines.some((l) => l.includes('mail written to outbox') && l.includes(email)),
      'the outbox log line',
      10_000,
    );
    expect(app.lines.filter((l) => l.includes('verify-email'))).toEqual([]);
    expect(await mailDelivery(t)).toEqual({ mode: 'outbox', outbox: 'DATA_DIR/outbox', links_in_log: false });
  });

  it('with SMTP the console is told so', async () => {
    t = await createTestApp({ smtp: true, jobs: false });
    expect(await mailDelivery(t)).toEqual({ mode: 'smtp', outbox: null, links_in_log: false });
  });
});
