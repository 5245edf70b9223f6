import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputEvent } from '../../src/worker/driver';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { createOrgWithRoles, type OrgWithRoles } from '../harness/factories';
import { api, connectWorker, createAndStart, createLiveApp, waitFor, waitForStatus, type LiveApp } from '../harness/sessions-factories';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium) console.warn(`session view browser test skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);

describe.skipIf(!hasChromium)('session view page in a real browser', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  let worker: WorkerClient;
  let browser: Browser;
  let driver: ReturnType<typeof createVirtualDriver>;
  const inputs: InputEvent[] = [];

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    a = await createOrgWithRoles(t);
    driver = createVirtualDriver({ devices: 'Pixel 8:android:phone:14', dataDir: t.dataDir, hostSeed: 'browser' });
    // Record the input the device receives, then pass it on to the real driver.
    const input = driver.input.bind(driver);
    driver.input = async (id, e) => {
      inputs.push(e);
      return input(id, e);
    };
    worker = await connectWorker(t, driver, 'browser-worker');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
  });

  it('shows the stream on a canvas and turns clicks and drags into taps and swipes', async () => {
    const { sessionId } = await createAndStart(t, a.developer.token, { device_type: 'android' });
    const session = await waitForStatus(t, a.developer.token, sessionId, 'active');
    const page = await browser.newPage({ viewport: { width: 600, height: 1000 }, bypassCSP: true });
    await page.goto(`${t.baseUrl}/sessions/${sessionId}/view?token=${a.developer.token}`);
    await page.waitForFunction('window.simdeck && window.simdeck.frames > 0', null, { timeout: 15_000 });
    // The token left the address bar and sits in localStorage.
    expect(page.url()).not.toContain('token=');
    expect(await page.evaluate("localStorage.getItem('simdeck_token')")).toBe(a.developer.token);
    const size = (await page.evaluate(`(() => {
      const c = document.getElementById('screen');
      const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let lit = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i] + px[i + 1] + px[i + 2] > 30) lit++;
      return { w: c.width, h: c.height, lit };
    })()`)) as { w: number; h: number; lit: number };
    expect([size.w, size.h]).toEqual([session.screen.width, session.screen.height]);
    expect(size.lit).toBeGreaterThan(1000);

    const box = (await page.locator('#screen').boundingBox())!;
    const scale = session.screen.width / box.width;
    await page.mouse.click(box.x + 100 / scale, box.y + 200 / scale);
    await waitFor(() => inputs.some((e) => e.kind === 'tap'), 'tap from the page');
    const tap = inputs.find((e) => e.kind === 'tap') as { x: number; y: number };
    expect(Math.abs(tap.x - 100)).toBeLessThanOrEqual(2);
    expect(Math.abs(tap.y - 200)).toBeLessThanOrEqual(2);

    const framesBefore = (await page.evaluate('window.simdeck.frames')) as number;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.8);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.3, { steps: 5 });
    await page.mouse.up();
    await waitFor(() => inputs.some((e) => e.kind === 'swipe'), 'swipe from the page');
    const swipe = inputs.find((e) => e.kind === 'swipe') as { y: number; y2: number };
    expect(swipe.y).toBeGreaterThan(swipe.y2);
    await page.waitForFunction(`window.simdeck.frames > ${framesBefore}`, null, { timeout: 10_000 });
    await page.close();
    await api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}`);
  });
});
