import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildSampleApk } from '../../examples/build-sample-app';
import { SoakClient } from './client';
import type { Recorder } from './recorder';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Steps the interpreter settles alone on the sample app: a suite case needs no language model. */
export const SIGN_IN = [
  'type demo into Username',
  'type secret into Password',
  'Tap Sign in',
  'verify "Items" is visible',
];
/** Steps only the model settles: each is one call to the platform model, billed to the organization. */
export const AI_STEPS = ['Admire the screen for a moment', 'Admire the screen once more'];
export const PLATFORM_MODEL = 'vision-1';

export interface SoakAccount {
  orgId: number;
  client: SoakClient;
  appId: string;
  suiteId: string;
  aiCaseId: string;
  webhookId: number;
}

/**
 * One organization of the soak: a user who signs up, its credit granted by the operator's
 * command, the sample app uploaded, a suite of ten cases, a case run on the platform model, and a
 * webhook endpoint on the loopback receiver.
 */
export async function createAccount(
  n: number,
  urls: () => string[],
  rec: Recorder,
  opts: { databaseUrl: string; hookUrl: string; dir: string; cases: number },
): Promise<SoakAccount> {
  const signup = await fetch(`${urls()[0]}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `soak-${n}-${Date.now()}@example.test`,
      password: 'soak-password-1',
      organization_name: `Soak ${n}`,
    }),
  });
  if (!signup.ok) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const account = (await signup.json()) as { access_token: string; organization_id: number };
  const client = new SoakClient(urls, account.access_token, rec);
  // The operator grants prepaid credit for the platform model's runs.
  await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, 'bin', 'simdeck.js'), 'credits', 'grant', String(account.organization_id), '50'],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: opts.databaseUrl } },
  );

  const apk = path.join(opts.dir, `sample-${n}.apk`);
  await buildSampleApk(apk);
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(apk)]), 'sample.apk');
  const up = await client.call('POST', '/apps/upload', '/apps/upload', form);
  if (up.status !== 200) throw new Error(`upload failed: ${up.status} ${JSON.stringify(up.json)}`);
  const appId = up.json.public_id as string;

  const suite = await client.must('POST', '/tests/suites', { name: `Soak suite ${n}`, app_public_id: appId });
  for (let i = 0; i < opts.cases; i++)
    await client.must('POST', `/tests/suites/${suite.public_id}/cases`, {
      name: `Sign in ${i + 1}`,
      mode: 'ai',
      steps: SIGN_IN,
    });
  const aiCase = await client.must('POST', '/tests/cases', {
    name: 'Admire',
    app_id: appId,
    mode: 'ai',
    steps: AI_STEPS,
  });
  const hook = await client.must('POST', '/integrations/webhooks', { url: `${opts.hookUrl}/${n}` });
  return {
    orgId: account.organization_id,
    client,
    appId,
    suiteId: suite.public_id,
    aiCaseId: aiCase.public_id,
    webhookId: hook.id,
  };
}
