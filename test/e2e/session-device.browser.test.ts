import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import {
  buildConsoleOnce,
  CHROMIUM,
  CHROMIUM_ARGS,
  hasChromium,
  screenshot,
  seriousAxeViolations,
  watchedPage,
} from '../harness/console-browser';
import { androidPhones, SAMPLE_PACKAGE, uploadSample } from '../harness/engine-fixture';
import { PASSWORD, signup } from '../harness/factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  waitFor,
  waitForStatus,
  type LiveApp,
} from '../harness/sessions-factories';

/** The session page's Device tab in Debian's Chromium, against a live server with one virtual phone. */
describe.skipIf(!hasChromium)("the console's device panel", () => {
  let t: LiveApp;
  let worker: WorkerClient;
  let browser: Browser;
  let driver: ReturnType<typeof createVirtualDriver>;
  let admin: Awaited<ReturnType<typeof signup>>;

  beforeAll(async () => {
    await buildConsoleOnce();
    t = await createLiveApp({ clock: systemClock, env: { DEFAULT_PLAN: 'enterprise' } });
    driver = createVirtualDriver({ devices: androidPhones(1), dataDir: t.dataDir });
    worker = await connectWorker(t, driver, `device-panel-${randomUUID().slice(0, 6)}`);
    admin = await signup(t, { organizationName: 'Device Panel' });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
  });

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${t.baseUrl}/sign-in`);
    await page.getByLabel(/^Email/).fill(admin.email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions$/);
  }

  it('opens a link, sets location, appearance, network and clipboard, sends a notification and adds a photo', {
    timeout: 120_000,
  }, async () => {
    const { appId } = await uploadSample(t, admin.token);
    const { sessionId } = await createAndStart(t, admin.token, { device_type: 'android', app_id: appId });
    const active = await waitForStatus(t, admin.token, sessionId, 'active');
    const device = driver.device(active.device_id);
    await waitFor(() => device.foregroundApp() === SAMPLE_PACKAGE, 'the sample app in front', 30_000);

    const { page, problems } = await watchedPage(browser);
    await signIn(page);
    await page.goto(`${t.baseUrl}/sessions/${sessionId}`);
    // What the tab does while a test is being recorded becomes recorded actions.
    await page.getByRole('tab', { name: 'Record a test' }).click();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('tab', { name: 'Device' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Device' });

    await panel.getByLabel('Link').fill('sample://items/3');
    await panel.getByRole('button', { name: 'Open link' }).click();
    await waitFor(() => device.appVars(SAMPLE_PACKAGE)?.selected === 'Item 3', 'the link to open item 3');

    await panel.getByRole('button', { name: 'Set location' }).click();
    await waitFor(() => device.conditions.values.latitude === 52.52, 'the location');
    await panel.getByText('dark', { exact: true }).click();
    await waitFor(() => device.conditions.values.appearance === 'dark', 'dark mode');
    await panel.getByText('offline', { exact: true }).click();
    await waitFor(() => device.conditions.values.online === false, 'offline');

    await panel.getByLabel('Clipboard text').fill('from the console');
    await panel.getByRole('button', { name: 'Copy to device' }).click();
    await waitFor(() => device.conditions.values.clipboard === 'from the console', 'the clipboard');

    await panel.getByLabel('Notification title').fill('Order shipped');
    await panel.getByRole('button', { name: 'Send notification' }).click();
    await waitFor(() => device.conditions.banner?.title === 'Order shipped', 'the notification banner');

    const photo = path.join(t.dataDir, 'beach.jpg');
    fs.writeFileSync(photo, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]));
    await panel.locator('input[type="file"]').setInputFiles(photo);
    await panel.getByRole('button', { name: 'Add to photos' }).click();
    await waitFor(() => device.conditions.media.some((m) => m.name === 'beach.jpg'), 'the photo');
    await page.getByText("beach.jpg is in the device's photos.").waitFor();

    await screenshot(page, 'device-panel');
    await page.getByRole('tab', { name: 'Record a test' }).click();
    const steps = page.getByRole('list', { name: 'Recorded steps' });
    for (const step of [
      'Open the link sample://items/3',
      'Set the location to 52.52, 13.405',
      'Switch to dark mode',
      'Go offline',
    ])
      await steps.getByText(step).waitFor();
    await page.getByRole('button', { name: 'Stop recording' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
    await api(t, admin.token, 'DELETE', `/sessions/${sessionId}`);
  });
});
