import type { Role } from '../../src/db/schema';
import type { TestApp } from './app';
import { PASSWORD, bearer, uniqueEmail } from './factories';

/** Invites `email` into `orgId` through the API as `adminToken`; returns the invitation response. */
export async function invite(
  t: TestApp,
  adminToken: string,
  orgId: number,
  email = uniqueEmail('invitee'),
  role?: Role,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${orgId}/invites`,
    headers: bearer(adminToken),
    payload: { email, ...(role ? { role } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string; expires_at: string; email: string; role: Role };
}

/** Registers through an invitation; returns the raw response. */
export function registerWithInvite(t: TestApp, email: string, inviteToken: string, password = PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { email, password, invite_token: inviteToken },
  });
}

/** Creates an API token through the API as `adminToken`. */
export async function createApiToken(
  t: TestApp,
  adminToken: string,
  orgId: number,
  opts: { label?: string; role?: Role } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${orgId}/api-tokens`,
    headers: bearer(adminToken),
    payload: { label: opts.label ?? 'ci', ...(opts.role ? { role: opts.role } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`api token creation failed: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string; id: number; label: string; role: Role };
}

/** The token of the newest mail to `to` whose link points at `${APP_URL}/${page}?token=`. */
export async function tokenFromMail(
  t: TestApp,
  to: string,
  page: 'verify-email' | 'reset-password' | 'accept-invite',
  after = 0,
): Promise<string> {
  const re = new RegExp(`http://simdeck\\.test/${page}\\?token=([A-Za-z0-9_-]+)`);
  const mail = await t.smtp!.waitFor(
    (m) => m.to.includes(to.toLowerCase()) && re.test(m.text) && t.smtp!.messages.indexOf(m) >= after,
  );
  return re.exec(mail.text)![1]!;
}

/** How many mails to `to` were received so far. */
export function mailCount(t: TestApp, to: string): number {
  return t.smtp!.messages.filter((m) => m.to.includes(to.toLowerCase())).length;
}
