import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk } from '../../examples/build-sample-app';
import { CONSOLE_INITIAL_JS_LIMIT } from '../../scripts/build.mjs';
import { systemClock } from '../../src/clock';
import type { InputEvent } from '../../src/worker/driver';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import {
  buildConsoleOnce,
  CHROMIUM,
  CHROMIUM_ARGS,
  hasChromium,
  SCREENSHOT_DIR,
  screenshot,
  seriousAxeViolations,
  type WatchedPage,
  watchedPage,
} from '../harness/console-browser';
import { androidPhones } from '../harness/engine-fixture';
import { signup, uniqueEmail } from '../harness/factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  type LiveApp,
  waitFor,
} from '../harness/sessions-factories';
import { byId, byText, center } from '../virtual/ui';

if (!hasChromium) console.warn(`console browser test skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);

const PASSWORD = 'a-long-password-1';

/** What the test reads inside the page (this project compiles without the DOM types). */
interface CanvasGlobals {
  document: { querySelector(s: string): { dataset: Record<string, string | undefined> } | null };
}

/** Frames drawn so far on the sandbox's live screen. */
async function framesDrawn(page: Page): Promise<number> {
  return Number((await page.getByTestId('live-screen').getAttribute('data-frames')) ?? 0);
}

/** A cheap fingerprint of what the live screen shows now. */
async function screenFingerprint(page: Page): Promise<string> {
  return (await page.evaluate(`(() => {
    const c = document.querySelector('[data-testid="live-screen"]');
    const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0;
    for (let i = 0; i < px.length; i += 97) h = (h * 31 + px[i]) | 0;
    return c.width + 'x' + c.height + ':' + h;
  })()`)) as string;
}

/** The form control labelled exactly `label` (a required field's label ends in " *"). */
function field(scope: Pick<Page, 'getByLabel'>, label: string) {
  return scope.getByLabel(labelled(label));
}

function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

/** Picks `option` in the Mantine select labelled `label` (inside `scope`: the open dialog, say). */
async function choose(
  page: Page,
  label: string,
  option: string | RegExp,
  scope: Pick<Page, 'getByRole'> = page,
): Promise<void> {
  await scope.getByRole('combobox', { name: labelled(label) }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe.skipIf(!hasChromium)('the web console in a real browser', () => {
  let t: LiveApp;
  let worker: WorkerClient;
  let browser: Browser;
  let driver: ReturnType<typeof createVirtualDriver>;
  let sampleApk: string;
  const inputs: InputEvent[] = [];
  const axeFindings: Record<string, unknown> = {};
  let bundle: Awaited<ReturnType<typeof buildConsoleOnce>>;

  beforeAll(async () => {
    // This file's screenshots (NN-name.png); the other console test writes its own beside them.
    for (const f of fs.existsSync(SCREENSHOT_DIR) ? fs.readdirSync(SCREENSHOT_DIR) : [])
      if (/^\d\d-/.test(f)) fs.rmSync(path.join(SCREENSHOT_DIR, f));
    bundle = await buildConsoleOnce();
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' }, smtp: true, clock: systemClock });
    driver = createVirtualDriver({ devices: androidPhones(1), dataDir: t.dataDir, hostSeed: 'console' });
    // Record the input the device receives, then pass it on to the real driver.
    const input = driver.input.bind(driver);
    driver.input = async (id, e) => {
      inputs.push(e);
      return input(id, e);
    };
    worker = await connectWorker(t, driver, 'console-worker');
    sampleApk = path.join(t.dataDir, 'simdeck-sample.apk');
    await buildSampleApk(sampleApk);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
  });

  /** Screenshot and accessibility check of the page as it stands. */
  async function checkPage(page: Page, name: string): Promise<void> {
    await screenshot(page, name);
    const serious = await seriousAxeViolations(page);
    if (serious.length) axeFindings[name] = serious;
  }

  it('builds a first visit of at most 300 KB of gzipped JavaScript and serves it with the right caching', async () => {
    console.log(
      `web console: initial JavaScript ${(bundle.initialJsGzip / 1024).toFixed(1)} KB gzipped in ${bundle.initialFiles.length} files`,
    );
    expect(bundle.initialJsGzip).toBeGreaterThan(50 * 1024);
    expect(bundle.initialJsGzip).toBeLessThanOrEqual(CONSOLE_INITIAL_JS_LIMIT);
    const index = await fetch(`${t.baseUrl}/reset-password?token=abc`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const js = await fetch(`${t.baseUrl}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-type')).toMatch(/^application\/javascript/);
  });

  it('drives the main flows: sign up, a live session, an app, a suite and its run, members and API tokens', {
    timeout: 420_000,
  }, async () => {
    const { page, problems }: WatchedPage = await watchedPage(browser);
    const email = uniqueEmail('console');

    // Sign up: a new organization, then the sessions page with nothing in it yet.
    await page.goto(`${t.baseUrl}/`);
    await page.waitForURL(/\/sign-in/);
    await checkPage(page, '01-sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Organization name').fill('Console Org');
    await checkPage(page, '02-sign-up');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/\/sessions$/);
    await page.getByText('No sessions here').waitFor();
    await checkPage(page, '03-sessions-empty');

    // The mailed verification link lands on the console and verifies the address.
    const verification = await t.smtp!.waitFor((m) => m.to.includes(email) && /verify-email\?token=/.test(m.text));
    const verifyPath = /\/verify-email\?token=[^\s"<>]+/.exec(verification.text)![0];
    await page.goto(`${t.baseUrl}${verifyPath}`);
    await page.getByText('Your email address is verified').waitFor();
    await checkPage(page, '04-verify-email');

    // The fleet, live.
    await page.goto(`${t.baseUrl}/devices`);
    await page.getByText('1 of 1 devices free right now').waitFor();
    await checkPage(page, '05-devices');

    // Start a session and see its screen.
    await page.goto(`${t.baseUrl}/sessions`);
    await page.getByRole('button', { name: 'New session' }).click();
    await choose(page, 'Platform', 'Android', page.getByRole('dialog'));
    await page.getByRole('button', { name: 'Start session' }).click();
    await page.waitForURL(/\/sessions\/[0-9a-f-]{36}$/);
    const sessionId = page.url().split('/').at(-1)!;
    await page.waitForFunction(
      () =>
        Number(
          (globalThis as unknown as CanvasGlobals).document.querySelector('[data-testid="live-screen"]')?.dataset
            .frames ?? 0,
        ) > 0,
      null,
      { timeout: 20_000 },
    );
    const firstFrameMs = (await page.evaluate(`(() => {
      const active = performance.getEntriesByName('simdeck:session-active')[0];
      const frame = performance.getEntriesByName('simdeck:first-frame')[0];
      return active && frame ? Math.max(0, frame.startTime - active.startTime) : null;
    })()`)) as number | null;
    console.log(
      `web console: first frame ${firstFrameMs === null ? 'before the page saw the session active' : `${Math.round(firstFrameMs)} ms after it did`}`,
    );
    await checkPage(page, '06-sandbox');

    // A drag is a swipe; a click is a tap where it was clicked, and the screen changes.
    const box = (await page.getByTestId('live-screen').boundingBox())!;
    const width = Number(await page.getByTestId('live-screen').getAttribute('width'));
    const toPage = (p: { x: number; y: number }) => ({
      x: box.x + (p.x * box.width) / width,
      y: box.y + (p.y * box.width) / width,
    });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.6);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.3, { steps: 6 });
    await page.mouse.up();
    await waitFor(() => inputs.some((e) => e.kind === 'swipe'), 'swipe from the console');
    const swipe = inputs.find((e) => e.kind === 'swipe') as { y: number; y2: number };
    expect(swipe.y).toBeGreaterThan(swipe.y2);
    const [device] = await driver.listDevices();
    const settingsIcon = center(byText(await driver.uiTree(device!.deviceId), 'Settings'));
    const before = await screenFingerprint(page);
    const framesBefore = await framesDrawn(page);
    await page.mouse.click(toPage(settingsIcon).x, toPage(settingsIcon).y);
    await waitFor(() => inputs.some((e) => e.kind === 'tap'), 'tap from the console');
    const tap = inputs.find((e) => e.kind === 'tap') as { x: number; y: number };
    expect(Math.abs(tap.x - settingsIcon.x)).toBeLessThanOrEqual(3);
    expect(Math.abs(tap.y - settingsIcon.y)).toBeLessThanOrEqual(3);
    await waitFor(
      async () => (await framesDrawn(page)) > framesBefore && (await screenFingerprint(page)) !== before,
      'the live screen to change',
    );
    await checkPage(page, '07-sandbox-tapped');
    await page.getByRole('button', { name: 'Home', exact: true }).click();
    await waitFor(() => inputs.some((e) => e.kind === 'key' && (e as { key: string }).key === 'HOME'), 'the Home key');

    // Upload the sample app with a progress bar; it shows with its icon.
    await page.getByRole('link', { name: 'Apps' }).click();
    await page.getByText('No apps yet').waitFor();
    await page.getByRole('button', { name: 'Upload app' }).click();
    await page.getByRole('dialog').locator('input[type="file"]').setInputFiles(sampleApk);
    await page.getByRole('dialog').getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('link', { name: 'Simdeck Sample' }).waitFor();
    await checkPage(page, '08-apps');
    await page.getByRole('link', { name: 'Simdeck Sample' }).click();
    await page.getByRole('table', { name: 'Builds' }).getByText('1.2.0').waitFor();
    await checkPage(page, '09-app');

    // Install it into the session and launch it.
    await page.goto(`${t.baseUrl}/sessions/${sessionId}`);
    await choose(page, 'App', 'Simdeck Sample');
    await page.getByRole('button', { name: 'Install and launch' }).click();
    await page
      .getByRole('table', { name: 'Installed apps' })
      .getByText('dev.simdeck.sample', { exact: false })
      .waitFor({ timeout: 20_000 });
    await checkPage(page, '10-sandbox-app');
    // The same package as a file, uploaded straight into the session.
    await page.getByRole('tabpanel', { name: 'Apps' }).locator('input[type="file"]').setInputFiles(sampleApk);
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await page.getByText('Simdeck Sample 1.2.0 is installed.').waitFor({ timeout: 20_000 });
    // A screenshot of the device downloads as a JPEG.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Screenshot' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Pixel 8 \(1\)-.*\.jpg$/);
    expect(fs.readFileSync(await download.path()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // Typing on the focused screen reaches the device whole and in order.
    const username = toPage(center(byId(await driver.uiTree(device!.deviceId), 'username')));
    await page.mouse.click(username.x, username.y);
    await page.keyboard.type('demo-user_42', { delay: 5 });
    await waitFor(
      () =>
        inputs
          .filter((e) => e.kind === 'text')
          .map((e) => (e as { text: string }).text)
          .join('') === 'demo-user_42',
      'typed text on the device',
    );

    // A suite for the app with a natural-language case.
    await page.getByRole('link', { name: 'Tests' }).click();
    await page.getByText('No test suites yet').waitFor();
    await checkPage(page, '11-tests-empty');
    await page.getByRole('button', { name: 'New suite' }).click();
    await field(page.getByRole('dialog'), 'Name').fill('Smoke');
    await choose(page, 'App', /Simdeck Sample/, page.getByRole('dialog'));
    await field(page.getByRole('dialog'), 'Tags').fill('smoke');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Create suite' }).click();
    await page.waitForURL(/\/tests\/suites\/ste_/);
    const suiteId = page.url().split('/').at(-1)!;
    await page.getByRole('button', { name: 'Add a case' }).first().click();
    await field(page.getByRole('dialog'), 'Name').fill('Sign in');
    await field(page, 'Steps').fill('type demo into Username\ntype secret into Password\ntap Sign in');
    await field(page, 'Assertions').fill('verify "Welcome, demo" is visible');
    await page.getByRole('button', { name: 'Create case' }).click();
    await page.waitForURL(/\/tests\/cases\/tc_/);
    await field(page, 'Step 3').waitFor();
    expect(await field(page, 'Step 3').inputValue()).toBe('tap Sign in');
    await checkPage(page, '12-case');

    // Run it on the live session and watch the steps go green.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await choose(page, 'Session', /Pixel 8/, page.getByRole('dialog'));
    await page.getByRole('dialog').getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/runs\/run_/);
    await page.locator('[data-step-status]').nth(2).waitFor({ timeout: 60_000 });
    await waitFor(
      async () => (await page.getByTestId('run-status').textContent()) === 'passed',
      'the run to pass',
      60_000,
    );
    await waitFor(
      async () => (await page.locator('[data-step-status="passed"]').count()) === 3,
      'three passed steps',
      60_000,
    );
    expect(await page.locator('[data-step-status="failed"]').count()).toBe(0);
    await page.getByRole('button', { name: /3\. tap Sign in/ }).click();
    await page.getByRole('img', { name: 'Screenshot of step 3' }).waitFor();
    await checkPage(page, '13-run');
    const runId = page.url().split('/').at(-1)!;
    const run = await api(t, (await loginToken(email)) ?? '', 'GET', `/tests/runs/${runId}`);
    expect(run.json().status).toBe('passed');

    // Suite settings: a clean app before each case; then the whole suite runs and its case goes green.
    await page.goto(`${t.baseUrl}/tests/suites/${suiteId}`);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await choose(page, 'Reset before each case', /Clear the app/);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Suite settings saved.').waitFor();
    expect((await api(t, (await loginToken(email))!, 'GET', `/tests/suites/${suiteId}`)).json().reset_strategy).toBe(
      'clear_data',
    );
    await page.getByRole('button', { name: 'Run suite' }).click();
    await choose(page, 'Session', /Pixel 8/, page.getByRole('dialog'));
    await page.getByRole('dialog').getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/suite-runs\/srun_/);
    const suiteRun = page.getByRole('table', { name: 'Cases of the suite run' });
    await suiteRun.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.getByRole('heading', { name: /^Suite run srun_/ }).waitFor();
    await waitFor(
      async () => (await page.getByTestId('run-status').textContent()) === 'passed',
      'the suite run to pass',
      90_000,
    );
    expect(await suiteRun.getByText('passed', { exact: true }).count()).toBe(1);
    await checkPage(page, '14-suite-run');

    // YAML out and back in: the export imports as a new suite with the same case.
    await page.goto(`${t.baseUrl}/tests/suites/${suiteId}`);
    const [yaml] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export YAML' }).click(),
    ]);
    expect(yaml.suggestedFilename()).toBe('Smoke.yaml');
    await page.getByRole('link', { name: 'Tests', exact: true }).click();
    await page.getByRole('button', { name: 'Import YAML' }).click();
    await page
      .getByRole('dialog')
      .locator('input[type="file"]')
      .setInputFiles(await yaml.path());
    await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
    await page.waitForURL((url) => /\/tests\/suites\/ste_/.test(url.pathname) && !url.pathname.endsWith(suiteId));
    await page.getByRole('table', { name: 'Cases' }).getByRole('link', { name: 'Sign in' }).waitFor();

    // Record a case in the sandbox: the actions sent to the device become its recording and steps.
    await page.goto(`${t.baseUrl}/sessions/${sessionId}`);
    await page.getByRole('tab', { name: 'Record a test' }).click();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByTestId('live-screen').waitFor();
    const recordBox = (await page.getByTestId('live-screen').boundingBox())!;
    await page.mouse.click(recordBox.x + recordBox.width / 2, recordBox.y + recordBox.height * 0.5);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('list', { name: 'Recorded steps' }).getByText('Go back').waitFor();
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await choose(page, 'Save into suite', 'Smoke');
    await field(page, 'Case name').fill('Open and go back');
    await checkPage(page, '15-recorder');
    await page.getByRole('button', { name: 'Save as test case' }).click();
    await page.waitForURL(/\/tests\/cases\/tc_/);
    await page.getByText('2 recorded actions').waitFor();
    await field(page, 'Step 1').waitFor();
    const recorded = (
      await api(t, (await loginToken(email))!, 'GET', `/tests/cases/${page.url().split('/').at(-1)}`)
    ).json();
    expect(recorded.mode).toBe('recorded');
    expect(recorded.source_recording.map((a: { type: string }) => a.type)).toEqual(['tap', 'key']);
    expect(recorded.source_device_width).toBe(width);

    // Invite a member; the invitation link signs them up into this organization.
    await page.getByRole('link', { name: 'Organization' }).click();
    await page.getByRole('tab', { name: 'Audit log' }).waitFor();
    // An admin sees every tab: AI, credits and integrations included.
    for (const tab of ['General', 'Members', 'API tokens', 'Audit log', 'AI', 'Credits and usage', 'Integrations'])
      await page.getByRole('tab', { name: tab, exact: true }).waitFor();
    await checkPage(page, '16-organization');
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByRole('button', { name: 'Invite a member' }).click();
    const invitee = uniqueEmail('invitee');
    await field(page.getByRole('dialog'), 'Email').fill(invitee);
    await choose(page, 'Role', /^Viewer/, page.getByRole('dialog'));
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const link = await page.locator('pre').filter({ hasText: '/accept-invite?token=' }).textContent();
    await checkPage(page, '17-invite');
    await page.getByRole('button', { name: 'Done' }).click();
    const guest = await watchedPage(browser);
    await guest.page.goto(link!);
    await field(guest.page, 'Email').fill(invitee);
    await field(guest.page, 'Password').fill(PASSWORD);
    await checkPage(guest.page, '18-accept-invite');
    await guest.page.getByRole('button', { name: 'Accept and join' }).click();
    await guest.page.waitForURL(/\/sessions$/);
    expect(guest.problems).toEqual([]);
    await guest.page.context().close();
    await page.reload();
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByRole('table', { name: 'Members' }).getByText(invitee).waitFor();

    // Create an API token (shown once), then revoke it; it stops working.
    await page.getByRole('tab', { name: 'API tokens' }).click();
    await page.getByText('No API tokens').waitFor();
    await page.getByRole('button', { name: 'Create token' }).click();
    await field(page, 'Label').fill('CI pipeline');
    await page.getByRole('dialog').getByRole('button', { name: 'Create token' }).click();
    const token = (await page.getByTestId('new-token').textContent())!.trim();
    expect(token).toMatch(/^tok_/);
    expect((await api(t, token, 'GET', '/organizations/')).statusCode).toBe(200);
    await checkPage(page, '19-api-token');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('table', { name: 'API tokens' }).getByText('CI pipeline').waitFor();
    await page.getByRole('button', { name: 'Revoke CI pipeline' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No API tokens').waitFor();
    expect((await api(t, token, 'GET', '/organizations/')).statusCode).toBe(401);

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByRole('table', { name: 'Audit events' }).getByText('api_token.deleted').waitFor();
    await checkPage(page, '20-audit-log');

    // Dark mode.
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await page.evaluate('document.documentElement.getAttribute("data-mantine-color-scheme")')).toBe('dark');
    await page.goto(`${t.baseUrl}/sessions/${sessionId}`);
    await page.getByTestId('live-screen').waitFor();
    await checkPage(page, '21-sandbox-dark');

    // Everything above ran under the console's policy without a violation or a console error.
    expect(problems).toEqual([]);
    expect(axeFindings).toEqual({});
    await page.context().close();
  });

  it('shows the queue position while every device is busy, and leaves the queue', { timeout: 90_000 }, async () => {
    // The one device is held by another organization's session (or already busy), so the next session waits.
    const holder = await signup(t, { organizationName: 'Holder' });
    const held = await createAndStart(t, holder.token, { device_type: 'android' });
    const waiter = await signup(t, { password: PASSWORD, organizationName: 'Waiter' });
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${t.baseUrl}/sign-in`);
    await field(page, 'Email').fill(waiter.email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions$/);
    await page.getByRole('button', { name: 'New session' }).click();
    await choose(page, 'Platform', 'Android', page.getByRole('dialog'));
    await page.getByRole('button', { name: 'Start session' }).click();
    await page.getByText('Waiting for a device').waitFor();
    await page.getByText(/You are number \d+ in the queue/).waitFor();
    await checkPage(page, '23-queue');
    const sessionId = page.url().split('/').at(-1)!;
    expect((await api(t, waiter.token, 'GET', `/sessions/${sessionId}`)).json().queue_position).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Leave the queue' }).click();
    await page.getByText('This session is over.').waitFor();
    expect((await api(t, waiter.token, 'GET', `/sessions/${sessionId}`)).json().status).toBe('stopped');
    await api(t, holder.token, 'DELETE', `/sessions/${held.sessionId}`);
    expect(problems).toEqual([]);
    expect(axeFindings).toEqual({});
    await page.context().close();
  });

  it('resets a forgotten password from the mailed link, then changes it from the account dialog', {
    timeout: 60_000,
  }, async () => {
    const email = uniqueEmail('reset');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: { email, password: PASSWORD, organization_name: 'Reset Org' },
        })
      ).statusCode,
    ).toBe(200);
    const { page, problems } = await watchedPage(browser, { colorScheme: 'dark' });
    await page.goto(`${t.baseUrl}/forgot-password`);
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await page.getByText('Check your email').waitFor();
    const mail = await t.smtp!.waitFor((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text));
    await page.goto(`${t.baseUrl}${/\/reset-password\?token=[^\s"<>]+/.exec(mail.text)![0]}`);
    await field(page, 'New password').fill('another-long-password');
    await checkPage(page, '22-reset-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The old password no longer works, and the page says so in the API's words.
    await page
      .getByRole('alert')
      .getByText(/invalid/i)
      .waitFor();
    await field(page, 'Password').fill('another-long-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions$/);

    // Changing the password keeps this tab signed in with the new token the API hands back.
    await page.getByRole('button', { name: new RegExp(email) }).click();
    await page.getByRole('menuitem', { name: 'Your account' }).click();
    await field(page, 'Current password').fill('another-long-password');
    await field(page, 'New password').fill('a-third-long-password');
    await checkPage(page, '24-account');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Devices' }).click();
    await page.getByRole('heading', { name: 'Devices' }).waitFor();
    expect(page.url()).toMatch(/\/devices$/);
    const stored = (await page.evaluate('JSON.parse(localStorage.getItem("simdeck.account")).access_token')) as string;
    expect((await api(t, stored, 'GET', '/organizations/')).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password: 'a-third-long-password' },
        })
      ).statusCode,
    ).toBe(200);
    expect(problems).toEqual([]);
    expect(axeFindings).toEqual({});
    await page.context().close();
  });

  /** A fresh login token for an account the browser created. */
  async function loginToken(email: string): Promise<string | undefined> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
    });
    return res.json().access_token;
  }
});
