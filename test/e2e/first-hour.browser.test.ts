import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { buildConsoleOnce, CHROMIUM, CHROMIUM_ARGS, hasChromium, watchedPage } from '../harness/console-browser';
import { multipartBody, settingsApk } from '../harness/app-packages';
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
interface ViewerGlobals {
  simdeck?: { frames: number };
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
    const appleTv = {
      deviceId: randomUUID(),
      name: 'Apple TV',
      model: 'Apple TV 4K',
      type: 'ios',
      category: 'tv',
      osVersion: '17.5',
    } as const;
    driver = createVirtualDriver({
      devices: [...androidPhones(1), appleTv],
      dataDir: t.dataDir,
      hostSeed: 'first-hour',
    });
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

  async function signIn(page: Page, email = account.email): Promise<void> {
    await page.goto(`${t.baseUrl}/sign-in`);
    await page.getByLabel(labelled('Email')).fill(email);
    await page.getByLabel(labelled('Password')).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions$/);
  }

  /** Waits for the live screen's first frame; returns where a device point is on the page (read when asked: notices above it may move it). */
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
    return async (p: { x: number; y: number }) => {
      const box = (await page.getByTestId('live-screen').boundingBox())!;
      const width = Number(await page.getByTestId('live-screen').getAttribute('width'));
      const height = Number(await page.getByTestId('live-screen').getAttribute('height'));
      // The console maps each axis on its own (LiveScreen's point()), so the test does too.
      return { x: box.x + (p.x * box.width) / width, y: box.y + (p.y * box.height) / height };
    };
  }

  /** Ends every session a test left running, so the next one finds the device free. */
  const tokens: string[] = [];
  afterEach(async () => {
    for (const token of [account.token, ...tokens]) {
      const live = (await api(t, token, 'GET', '/sessions/?status=active')).json() as Array<{ session_id: string }>;
      const pending = (await api(t, token, 'GET', '/sessions/?status=pending')).json() as Array<{ session_id: string }>;
      for (const s of [...live, ...pending]) await api(t, token, 'DELETE', `/sessions/${s.session_id}`);
    }
  });

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
      const at = await toPage(p);
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
    const at = await toPageAgain(center(signInButton));
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

  it('says plainly what is virtual: the device list, the session page and the app page; the Apple TV runs tvOS', {
    timeout: 120_000,
  }, async () => {
    const body = multipartBody({ name: 'settings.apk', data: settingsApk() });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps/upload',
      headers: { authorization: `Bearer ${account.token}`, ...body.headers },
      payload: body.payload,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const { page, problems } = await watchedPage(browser);
    await signIn(page);
    await page.goto(`${t.baseUrl}/devices`);
    await page.getByText('These are simdeck virtual devices').waitFor();
    await page.getByText(/Every device here is simulated by simdeck itself/).waitFor();
    const tvos = page.getByText('tvOS 17.5', { exact: true });
    await tvos.waitFor();
    // Badges are upper-cased by default: the OS names keep their case ("IOS" was wrong twice for a TV).
    const transform = await tvos.evaluate(
      (el) =>
        (globalThis as unknown as { getComputedStyle(e: unknown): { textTransform: string } }).getComputedStyle(el)
          .textTransform,
    );
    expect(transform).toBe('none');
    expect(await page.getByRole('table', { name: 'Devices' }).getByText('tvOS').count()).toBe(1);

    await page.goto(`${t.baseUrl}/apps/${appId}`);
    await page.getByText("Runs on simdeck's virtual devices").waitFor();
    await page.getByRole('table', { name: 'Builds' }).getByText('runs (simdeck app model)').waitFor();
    await page.goto(`${t.baseUrl}/apps/${plain.json().public_id}`);
    await page.getByText('A placeholder screen on virtual devices').waitFor();
    await page.getByRole('table', { name: 'Builds' }).getByText('placeholder screen').waitFor();

    const { sessionId } = await createAndStart(t, account.token, { device_type: 'android' });
    await waitForStatus(t, account.token, sessionId, 'active');
    await page.goto(`${t.baseUrl}/sessions/${sessionId}`);
    await page.getByText('A simdeck virtual device', { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
    await api(t, account.token, 'DELETE', `/sessions/${sessionId}`);
  });

  it('says why a session ended and offers another, in the session viewer and in the console', {
    timeout: 180_000,
  }, async () => {
    const { sessionId } = await createAndStart(t, account.token, { device_type: 'android' });
    await waitForStatus(t, account.token, sessionId, 'active');
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${t.baseUrl}/sessions/${sessionId}/view#token=${account.token}`);
    const frames = () => ((globalThis as unknown as ViewerGlobals).simdeck?.frames ?? 0) > 0;
    await page.waitForFunction(frames, null, { timeout: 20_000 });
    await api(t, account.token, 'DELETE', `/sessions/${sessionId}`);
    const ended = page.getByRole('alert');
    await ended.getByText('This session is over.').waitFor({ timeout: 15_000 });
    expect(await ended.textContent()).toContain('It was ended.');
    await ended.getByRole('button', { name: 'Start another session' }).click();
    await page.waitForURL((u) => u.pathname.endsWith('/view') && !u.pathname.includes(sessionId), {
      timeout: 20_000,
    });
    const next = page.url().split('/').at(-2)!;
    await page.waitForFunction(frames, null, { timeout: 20_000 });
    expect(await page.getByRole('alert').isHidden()).toBe(true);
    expect((await api(t, account.token, 'GET', `/sessions/${next}`)).json()).toMatchObject({
      status: 'active',
      device_type: 'android',
    });
    await api(t, account.token, 'DELETE', `/sessions/${next}`);

    await signIn(page);
    await page.goto(`${t.baseUrl}/sessions/${sessionId}`);
    await page.getByText('This session is over.').waitFor();
    await page.getByText('It was ended.').waitFor();
    await page.getByRole('button', { name: 'Start another session' }).click();
    await page.waitForURL((u) => /\/sessions\/[0-9a-f-]{36}$/.test(u.pathname) && !u.pathname.includes(sessionId));
    await liveScreen(page);
    const third = page.url().split('/').at(-1)!;
    expect(problems).toEqual([]);
    await page.context().close();
    await api(t, account.token, 'DELETE', `/sessions/${third}`);
  });

  it('the smaller things: the AI tab, counts, the run dialog, visual thresholds, toasts, no logged 404s', {
    timeout: 180_000,
  }, async () => {
    const fresh = await signup(t, { organizationName: 'Fresh Org' });
    tokens.push(fresh.token);
    const { appId: freshApp } = await uploadSample(t, fresh.token);
    const suite = (
      await api(t, fresh.token, 'POST', '/tests/suites', { name: 'Smoke', app_public_id: freshApp })
    ).json();
    const testCase = (
      await api(t, fresh.token, 'POST', `/tests/suites/${suite.public_id}/cases`, {
        name: 'Sign in',
        mode: 'ai',
        steps: ['type demo into Username'],
      })
    ).json();
    const { page, problems } = await watchedPage(browser);
    // Every API answer the pages get, to find handled 404s the browser would log as errors.
    const notFound: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404 && new URL(r.url()).pathname.startsWith('/api/')) notFound.push(r.url());
    });
    await signIn(page, fresh.email);

    // The AI tab: the interpreter is free, and nothing says it is billed.
    await page.goto(`${t.baseUrl}/organization?tab=ai`);
    const now = page.getByTestId('default-model');
    await now.waitFor();
    expect(await now.textContent()).toBe('Now: platform/interpreter (simdeck, free)');
    await page.goto(`${t.baseUrl}/organization?tab=integrations`);
    await page
      .getByText(/GitHub/)
      .first()
      .waitFor();

    // One session, counted as one.
    const { sessionId } = await createAndStart(t, fresh.token, { device_type: 'android' });
    await waitForStatus(t, fresh.token, sessionId, 'active');
    await page.goto(`${t.baseUrl}/organization?tab=billing`);
    await page.getByText(/^1 session · /).waitFor();

    // The run dialog picks the only session, and offers no model it cannot run.
    await page.goto(`${t.baseUrl}/tests/cases/${testCase.public_id}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByRole('combobox', { name: labelled('Session') }).inputValue())
      .toMatch(/^Pixel 8 \(1\)/);
    await dialog.getByRole('combobox', { name: labelled('Model') }).click();
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('listbox').textContent()).not.toMatch(/OpenRouter/);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/runs\/run_/);

    // A toast never covers the account menu.
    await page.goto(`${t.baseUrl}/tests/suites/${suite.public_id}`);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('switch', { name: 'Warn when the difference reaches' }).waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    const toast = page.locator('.mantine-Notification-root').first();
    await toast.waitFor();
    const menu = (await page.getByRole('button', { name: new RegExp(fresh.email) }).boundingBox())!;
    const box = (await toast.boundingBox())!;
    const overlaps =
      box.x < menu.x + menu.width &&
      menu.x < box.x + box.width &&
      box.y < menu.y + menu.height &&
      menu.y < box.y + box.height;
    expect(overlaps, 'the toast covers the account menu').toBe(false);

    expect(notFound).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
    await api(t, fresh.token, 'DELETE', `/sessions/${sessionId}`);
  });
});
