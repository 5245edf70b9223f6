import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import { ffmpegPath } from '../../src/worker/video/encoder';
import type { WorkerClient } from '../../src/worker/worker-client';
import { buildConsoleOnce, CHROMIUM, CHROMIUM_ARGS, hasChromium, watchedPage } from '../harness/console-browser';
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
import { ADB_BIN } from '../support/adb-standin/adb-server';
import { type StandinAndroidHost, startStandinAndroidHost } from '../support/adb-standin/android-host';

/**
 * The console's live screen on an Android device that streams H.264 (a stand-in Android 14
 * device's screenrecord through Debian's adb), in Debian's Chromium: it asks for `?codec=h264`
 * and draws the pictures WebCodecs decodes.
 */
describe.skipIf(!hasChromium || !ADB_BIN || !ffmpegPath())("the console's live screen on H.264", () => {
  let t: LiveApp;
  let host: StandinAndroidHost;
  let worker: WorkerClient;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof signup>>;

  beforeAll(async () => {
    await buildConsoleOnce();
    t = await createLiveApp({ clock: systemClock, env: { DEFAULT_PLAN: 'enterprise' } });
    host = await startStandinAndroidHost({ model: 'Pixel 9', osVersion: '14', sdk: 34 }, { hostSeed: 'console-h264' });
    worker = await connectWorker(t, host.driver, 'console-h264-worker');
    admin = await signup(t, { organizationName: 'Console H264' });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await host?.close();
    await t?.close();
  });

  const screenData = (page: Page) =>
    page.getByTestId('live-screen').evaluate((c) => {
      const canvas = c as unknown as { dataset: Record<string, string>; toDataURL(t: string): string };
      return { ...canvas.dataset, png: canvas.toDataURL('image/png') } as {
        png: string;
        videoFrames?: string;
        codec?: string;
      };
    });

  it('draws decoded H.264 frames that show the device', { timeout: 120_000 }, async () => {
    const { sessionId } = await createAndStart(t, admin.token, { device_type: 'android' });
    const active = await waitForStatus(t, admin.token, sessionId, 'active', 30_000);
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${t.baseUrl}/sign-in`);
    await page.getByLabel(/^Email/).fill(admin.email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions$/);
    await page.goto(`${t.baseUrl}/sessions/${sessionId}`);
    const shown = await waitFor(
      async () => {
        const d = await screenData(page);
        return Number(d.videoFrames ?? 0) > 0 ? d : undefined;
      },
      'a decoded H.264 frame on the live screen',
      30_000,
    );
    expect(shown.codec).toBe('h264');
    const png = Buffer.from(shown.png.split(',')[1]!, 'base64');
    const meta = await sharp(png).metadata();
    const device = (await host.driver.screenshot(active.device_id as string)).jpeg;
    const a = await sharp(png).removeAlpha().raw().toBuffer();
    const b = await sharp(device).resize(meta.width, meta.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
    expect(sum / a.length).toBeLessThan(12);
    const { channels } = await sharp(png).stats();
    expect(Math.max(...channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(5);
    expect(problems).toEqual([]);
    await page.context().close();
    await api(t, admin.token, 'DELETE', `/sessions/${sessionId}`);
  });
});
