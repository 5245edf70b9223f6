import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness/app';
import { invite } from '../../test/harness/accounts-factories';
import { createOrgWithRoles, signup, uniqueEmail } from '../../test/harness/factories';
import { waitFor } from '../../test/harness/sessions-factories';
import { startSmtpServer, type SmtpPeer } from '../../test/harness/smtp';
import { firstJobFetchesGoBy } from '../../test/harness/waits';

// Polls 30 s apart: a mail that arrives well before a poll was sent because its enqueue woke a worker.
const POLL_SECONDS = 30;
const BEFORE_A_POLL_MS = (POLL_SECONDS * 1000) / 3;

let t: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpServer({ stall: (to) => to.startsWith('stalled-') });
  t = await createTestApp({ env: { SMTP_URL: smtp.url }, jobPollingIntervalSeconds: POLL_SECONDS });
  // The consumers fetch once when they start; let that pass so that only a wake-up sends mail.
  await firstJobFetchesGoBy();
});
afterAll(async () => {
  smtp?.releaseStalled();
  await t?.close();
  await smtp?.close();
});

async function forgotPassword(email: string): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('mail is prompt', () => {
  it('a verification mail leaves right after POST /auth/register', async () => {
    const email = uniqueEmail('prompt-verify');
    await signup(t, { email });
    await smtp.waitFor((m) => m.to.includes(email) && /verify-email\?token=/.test(m.text), BEFORE_A_POLL_MS);
  });

  it('a reset mail leaves right after POST /auth/forgot-password', async () => {
    const email = uniqueEmail('prompt-reset');
    await signup(t, { email });
    await smtp.waitFor((m) => m.to.includes(email), BEFORE_A_POLL_MS);
    await forgotPassword(email);
    await smtp.waitFor((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text), BEFORE_A_POLL_MS);
  });

  it('an invitation mail leaves right after the invitation is created', async () => {
    const org = await createOrgWithRoles(t);
    const email = uniqueEmail('prompt-invite');
    await invite(t, org.admin.token, org.orgId, email);
    await smtp.waitFor((m) => m.to.includes(email) && /accept-invite\?token=/.test(m.text), BEFORE_A_POLL_MS);
  });

  it('a stalled SMTP exchange does not hold up other mails', async () => {
    const stuck = uniqueEmail('stalled-');
    await signup(t, { email: stuck });
    await waitFor(() => smtp.stalledCount() > 0, 'the stalled exchange', BEFORE_A_POLL_MS);
    expect(smtp.stalledCount()).toBe(1);

    const email = uniqueEmail('after-stall');
    await signup(t, { email });
    await smtp.waitFor((m) => m.to.includes(email), BEFORE_A_POLL_MS);
    await forgotPassword(email);
    await smtp.waitFor((m) => m.to.includes(email) && /reset-password/.test(m.text), BEFORE_A_POLL_MS);
    expect(smtp.messages.some((m) => m.to.includes(stuck))).toBe(false);
  });
});
