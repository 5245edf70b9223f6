import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputEvent } from '../../src/worker/driver';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { createOrgWithRoles, type OrgWithRoles } from '../harness/factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  waitFor,
  waitForStatus,
  type LiveApp,
} from '../harness/sessions-factories';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium)
  console.warn(`session view browser test skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);

/** What the test reads inside the page (this project compiles without the DOM types). */
interface PageGlobals {
  simdeck?: { frames: number };
  document: { getElementById(id: string): { textContent: string | null } | null };
}

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
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
  });

  /** A page whose Content-Security-Policy is enforced, recording every violation, console error and request URL. */
  async function watchedPage() {
    const page = await browser.newPage({ viewport: { width: 600, height: 1000 } });
    const problems: string[] = [];
    const requested: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /content security policy/i.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('request', (r) => requested.push(r.url()));
    await page.addInitScript(
      "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))",
    );
    return { page, problems, requested };
  }

  it('shows the stream on a canvas and turns clicks and drags into taps and swipes', async () => {
    const { sessionId } = await createAndStart(t, a.developer.token, { device_type: 'android' });
    const session = await waitForStatus(t, a.developer.token, sessionId, 'active');
    const { page, problems, requested } = await watchedPage();
    await page.goto(`${t.baseUrl}/sessions/${sessionId}/view#token=${a.developer.token}`);
    // Predicates are functions, not strings: the page's policy forbids eval, and the test runs under it.
    await page.waitForFunction(() => ((globalThis as unknown as PageGlobals).simdeck?.frames ?? 0) > 0, null, {
      timeout: 15_000,
    });
    // The token left the address bar, is stored nowhere, and no request ever carried it in its URL.
    expect(page.url()).toBe(`${t.baseUrl}/sessions/${sessionId}/view`);
    expect(await page.evaluate('[localStorage.length, sessionStorage.length, document.cookie]')).toEqual([0, 0, '']);
    expect(requested.length).toBeGreaterThan(1);
    expect(requested.filter((u) => u.includes(a.developer.token))).toEqual([]);
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
    await page.waitForFunction(
      (before) => ((globalThis as unknown as PageGlobals).simdeck?.frames ?? 0) > before,
      framesBefore,
      { timeout: 10_000 },
    );
    // Everything above ran under the page's policy without a single violation.
    expect(problems).toEqual([]);

    // The token lived only in that page's memory: a reload has none, and says how to pass one.
    await page.reload();
    await page.waitForFunction(
      () =>
        ((globalThis as unknown as PageGlobals).document.getElementById('status')?.textContent ?? '').startsWith(
          'No token',
        ),
      null,
      { timeout: 5_000 },
    );
    expect(await page.evaluate('window.simdeck.frames')).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
    await api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}`);
  });

  it('renders the API docs under their policy without a violation', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${t.baseUrl}/docs/`);
    await page.waitForSelector('.swagger-ui .info .title', { timeout: 15_000 });
    expect(await page.textContent('.swagger-ui .info .title')).toContain('simdeck API');
    await page.waitForSelector('.opblock-tag', { timeout: 15_000 });
    expect(problems).toEqual([]);
    await page.close();
  });
});
