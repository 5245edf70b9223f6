import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness/app';
import { invite } from '../../test/harness/accounts-factories';
import { createOrgWithRoles, signup, uniqueEmail } from '../../test/harness/factories';
import { startSmtpServer, type SmtpPeer } from '../../test/harness/smtp';

// Polls 30 s apart: a mail that arrives within seconds was sent because its enqueue woke a worker.
const POLL_SECONDS = 30;
const ARRIVES_WITHIN_MS = 3000;

let t: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpServer({ stall: (to) => to.startsWith('stalled-') });
  t = await createTestApp({ env: { SMTP_URL: smtp.url }, jobPollingIntervalSeconds: POLL_SECONDS });
  // The consumers fetch once when they start; let that pass so that only a wake-up sends mail.
  await new Promise((r) => setTimeout(r, 300));
});
afterAll(async () => {
  smtp?.releaseStalled();
  await t?.close();
  await smtp?.close();
});

async function forgotPassword(email: string): Promise<number> {
  const started = Date.now();
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  return started;
}

describe('mail is prompt', () => {
  it('a verification mail leaves right after POST /auth/register', async () => {
    const email = uniqueEmail('prompt-verify');
    const started = Date.now();
    await signup(t, { email });
    await smtp.waitFor((m) => m.to.includes(email) && /verify-email\?token=/.test(m.text), ARRIVES_WITHIN_MS);
    expect(Date.now() - started).toBeLessThan(ARRIVES_WITHIN_MS);
  });

  it('a reset mail leaves right after POST /auth/forgot-password', async () => {
    const email = uniqueEmail('prompt-reset');
    await signup(t, { email });
    await smtp.waitFor((m) => m.to.includes(email), ARRIVES_WITHIN_MS);
    const started = await forgotPassword(email);
    await smtp.waitFor((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text), ARRIVES_WITHIN_MS);
    expect(Date.now() - started).toBeLessThan(ARRIVES_WITHIN_MS);
  });

  it('an invitation mail leaves right after the invitation is created', async () => {
    const org = await createOrgWithRoles(t);
    const email = uniqueEmail('prompt-invite');
    const started = Date.now();
    await invite(t, org.admin.token, org.orgId, email);
    await smtp.waitFor((m) => m.to.includes(email) && /accept-invite\?token=/.test(m.text), ARRIVES_WITHIN_MS);
    expect(Date.now() - started).toBeLessThan(ARRIVES_WITHIN_MS);
  });

  it('a stalled SMTP exchange does not hold up other mails', async () => {
    const stuck = uniqueEmail('stalled-');
    await signup(t, { email: stuck });
    const deadline = Date.now() + ARRIVES_WITHIN_MS;
    while (smtp.stalledCount() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(smtp.stalledCount()).toBe(1);

    const email = uniqueEmail('after-stall');
    await signup(t, { email });
    await smtp.waitFor((m) => m.to.includes(email), ARRIVES_WITHIN_MS);
    const started = await forgotPassword(email);
    await smtp.waitFor((m) => m.to.includes(email) && /reset-password/.test(m.text), ARRIVES_WITHIN_MS);
    expect(Date.now() - started).toBeLessThan(ARRIVES_WITHIN_MS);
    expect(smtp.messages.some((m) => m.to.includes(stuck))).toBe(false);
  });
});
