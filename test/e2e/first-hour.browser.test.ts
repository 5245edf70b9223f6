import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { buildConsoleOnce, CHROMIUM, CHROMIUM_ARGS, hasChromium, watchedPage } from '../harness/console-browser';
import { androidPhones, uploadSample } from '../harness/engine-fixture';
import { PASSWORD, signup } from '../harness/factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  type LiveApp,
  waitFor,
  waitForStatus,
} from '../harness/sessions-factories';
import { byId, center, findAll } from '../virtual/ui';

if (!hasChromium) console.warn(`first-hour browser test skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);

/** What the test reads inside the page (this project compiles without the DOM types). */
interface CanvasGlobals {
  document: { querySelector(s: string): { dataset: Record<string, string | undefined> } | null };
}

function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

/**
 * The first hour with simdeck, in Debian's Chromium: what a new user met in the console, the
 * session viewer and the README's first session (issue 27).
 */
describe.skipIf(!hasChromium)('the first hour in the console', () => {
  let t: LiveApp;
  let worker: WorkerClient;
  let browser: Browser;
  let driver: ReturnType<typeof createVirtualDriver>;
  let account: Awaited<ReturnType<typeof signup>>;
  let appId: string;

  beforeAll(async () => {
    await buildConsoleOnce();
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' }, clock: systemClock });
    driver = createVirtualDriver({ devices: androidPhones(1), dataDir: t.dataDir, hostSeed: 'first-hour' });
    worker = await connectWorker(t, driver, 'first-hour-worker');
    account = await signup(t, { organizationName: 'First Hour' });
    ({ appId } = await uploadSample(t, account.token));
    await api(t, account.token, 'POST', '/tests/suites', { name: 'Recorded', app_public_id: appId });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
  });

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${t.baseUrl}/sign-in`);
    await page.getByLabel(labelled('Email')).fill(account.email);
    await page.getByLabel(labelled('Password')).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions$/);
  }

  async function liveScreen(page: Page) {
    await page.waitForFunction(
      () =>
        Number(
          (globalThis as unknown as CanvasGlobals).document.querySelector('[data-testid="live-screen"]')?.dataset
            .frames ?? 0,
        ) > 0,
      null,
      { timeout: 20_000 },
    );
    const box = (await page.getByTestId('live-screen').boundingBox())!;
    const width = Number(await page.getByTestId('live-screen').getAttribute('width'));
    return (p: { x: number; y: number }) => ({
      x: box.x + (p.x * box.width) / width,
      y: box.y + (p.y * box.width) / width,
    });
  }

  it('records each touch by its element, writes readable steps, keeps the recording over a reload, and saves steps that replay', {
    timeout: 180_000,
  }, async () => {
    const { sessionId } = await createAndStart(t, account.token, { device_type: 'android', app_id: appId });
    const session = await waitForStatus(t, account.token, sessionId, 'active');
    const { page, problems } = await watchedPage(browser);
    await signIn(page);
    await page.goto(`${t.baseUrl}/sessions/${sessionId}`);
    const toPage = await liveScreen(page);
    await page.getByRole('tab', { name: 'Record a test' }).click();
    await page.getByRole('button', { name: 'Start recording' }).click();

    const tree = await driver.uiTree(session.device_id);
    const click = async (p: { x: number; y: number }) => {
      const at = toPage(p);
      await page.mouse.click(at.x, at.y);
    };
    const steps = page.getByRole('list', { name: 'Recorded steps' });
    await click(center(byId(tree, 'username')));
    await steps.getByText('Tap "Username"').waitFor();
    await page.keyboard.type('demo', { delay: 5 });
    await steps.getByText('Type "demo" into "Username"').waitFor();
    await click(center(byId(tree, 'password')));
    await page.keyboard.type('secret', { delay: 5 });
    await steps.getByText('Type "secret" into "Password"').waitFor();

    // A reload keeps the recording, still recording.
    await page.reload();
    const toPageAgain = await liveScreen(page);
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    await steps.getByText('Type "secret" into "Password"').waitFor();
    const signInButton = findAll(
      await driver.uiTree(session.device_id),
      (n) => n.role === 'button' && n.text === 'Sign in',
    )[0]!;
    const at = toPageAgain(center(signInButton));
    await page.mouse.click(at.x, at.y);
    await steps.getByText('Tap "Sign in"').waitFor();
    expect(await steps.getByRole('listitem').allTextContents()).toEqual([
      'Type "demo" into "Username"',
      'Type "secret" into "Password"',
      'Tap "Sign in"',
    ]);

    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByRole('combobox', { name: labelled('Save into suite') }).click();
    await page.getByRole('option', { name: 'Recorded' }).click();
    await page.getByLabel(labelled('Case name')).fill('Sign in, recorded');
    await page.getByRole('button', { name: 'Save as test case' }).click();
    await page.waitForURL(/\/tests\/cases\/tc_/);
    const caseId = page.url().split('/').at(-1)!;
    const saved = (await api(t, account.token, 'GET', `/tests/cases/${caseId}`)).json();
    expect(saved.steps.map((s: { text: string }) => s.text)).toEqual([
      'Type "demo" into "Username"',
      'Type "secret" into "Password"',
      'Tap "Sign in"',
    ]);
    // Every recorded action belongs to a step, and each touch names its element.
    expect(saved.steps.flatMap((s: { action_indices: number[] }) => s.action_indices)).toEqual([0, 1, 2, 3, 4]);
    const recording = saved.source_recording as Array<{ type: string; selector?: Record<string, unknown> }>;
    expect(recording.map((a) => [a.type, a.selector?.id ?? null])).toEqual([
      ['tap', 'username'],
      ['type_text', null],
      ['tap', 'password'],
      ['type_text', null],
      ['tap', 'sign-in'],
    ]);
    expect(recording[4]!.selector).toMatchObject({ class: 'button', text: 'Sign in' });
    // Saved: the browser forgets it; the session page starts a fresh recording.
    await page.goto(`${t.baseUrl}/sessions/${sessionId}`);
    await liveScreen(page);
    await page.getByRole('tab', { name: 'Record a test' }).click();
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
    await api(t, account.token, 'DELETE', `/sessions/${sessionId}`);
    await waitFor(
      async () => (await api(t, account.token, 'GET', `/sessions/${sessionId}`)).json().status === 'stopped',
      'the session to stop',
    );
  });
});
