import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceDriver } from '../../src/worker/driver';
import { ffmpegPath } from '../../src/worker/video/encoder';
import type { WorkerClient } from '../../src/worker/worker-client';
import { createOrgWithRoles, type OrgWithRoles } from '../harness/factories';
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
 * The session view page decoding the H.264 stream with WebCodecs in Debian's Chromium (which
 * decodes H.264: `VideoDecoder.isConfigSupported({codec: 'avc1.42E01E'})` is true there), fed by
 * the Android driver streaming a stand-in Android 14 device's screenrecord through Debian's adb;
 * and the same page without WebCodecs, on JPEG.
 */

const CHROMIUM = '/usr/bin/chromium';
const ready = fs.existsSync(CHROMIUM) && !!ADB_BIN && !!ffmpegPath();

interface PageGlobals {
  simdeck?: { frames: number; videoFrames: number; codec: string | null; lastError: string | null };
  document: { getElementById(id: string): { toDataURL(type: string): string } | null };
}
const globals = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).simdeck!);
const canvasPng = async (page: Page) => {
  const url = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).document.getElementById('screen')!.toDataURL('image/png'),
  );
  return Buffer.from(url.split(',')[1]!, 'base64');
};
/** Mean absolute difference per channel of two images at one size (0..255). */
async function meanDiff(a: Buffer, b: Buffer): Promise<number> {
  const ma = await sharp(a).metadata();
  const ra = await sharp(a).removeAlpha().raw().toBuffer();
  const rb = await sharp(b).resize(ma.width, ma.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs(ra[i]! - rb[i]!);
  return sum / ra.length;
}

describe.skipIf(!ready)('session view page: H.264 through WebCodecs, JPEG without it', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  let host: StandinAndroidHost;
  let driver: DeviceDriver;
  let worker: WorkerClient;
  let browser: Browser;

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    a = await createOrgWithRoles(t, 'Org View H264');
    host = await startStandinAndroidHost({ model: 'Pixel 9', osVersion: '14', sdk: 34 }, { hostSeed: 'h264-view' });
    driver = host.driver;
    worker = await connectWorker(t, driver, 'worker-view-h264');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await host?.close();
    await t?.close();
  });

  it('draws decoded H.264 frames that show the device, and follows the device when it turns', async () => {
    const { sessionId } = await createAndStart(t, a.developer.token, { device_type: 'android' });
    const active = await waitForStatus(t, a.developer.token, sessionId, 'active', 30_000);
    const deviceId = active.device_id as string;
    const page = await browser.newPage({ viewport: { width: 600, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${t.baseUrl}/sessions/${sessionId}/view#token=${a.developer.token}`);
    const first = await waitFor(
      async () => {
        const g = await globals(page);
        return g.videoFrames > 0 ? g : undefined;
      },
      'a decoded H.264 frame',
      20_000,
    );
    expect(first.codec).toBe('h264');
    expect(first.lastError).toBeNull();

    // The canvas is not blank and shows what the device shows.
    const shown = await canvasPng(page);
    const { channels } = await sharp(shown).stats();
    expect(Math.max(...channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(5);
    const device = (await driver.screenshot(deviceId)).jpeg;
    expect(await meanDiff(shown, device)).toBeLessThan(12);

    // The page's Rotate button turns the device: screenrecord restarts in landscape, and the
    // decoder goes on from the new keyframe (its SPS gives the new size).
    const before = (await globals(page)).videoFrames;
    await page.click('#rotate');
    await waitFor(
      async () => {
        const g = (await globals(page)) as unknown as { videoFrames: number; hello: { rotation: number } | null };
        return g.videoFrames > before && g.hello?.rotation === 90;
      },
      'a landscape frame after Rotate',
      15_000,
    );
    await new Promise((r) => setTimeout(r, 500));
    const after = await canvasPng(page);
    const nowDevice = (await driver.screenshot(deviceId)).jpeg;
    expect(await meanDiff(after, nowDevice)).toBeLessThan(12);
    const turned = await sharp(after).metadata();
    expect(turned.width).toBeGreaterThan(turned.height!);
    expect((await globals(page)).codec).toBe('h264');
    expect(errors).toEqual([]);
    await page.close();
    await api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}`);
    await t.container.services.lifecycle.idle();
  }, 60_000);

  it('draws JPEG frames where the browser has no VideoDecoder', async () => {
    const { sessionId } = await createAndStart(t, a.developer.token, { device_type: 'android' });
    const active = await waitForStatus(t, a.developer.token, sessionId, 'active', 30_000);
    const deviceId = active.device_id as string;
    const page = await browser.newPage({ viewport: { width: 600, height: 1000 } });
    await page.addInitScript('delete window.VideoDecoder');
    const asked: string[] = [];
    page.on('websocket', (ws) => asked.push(ws.url()));
    await page.goto(`${t.baseUrl}/sessions/${sessionId}/view#token=${a.developer.token}`);
    const g = await waitFor(
      async () => {
        const v = await globals(page);
        return v.frames > 0 ? v : undefined;
      },
      'a JPEG frame',
      20_000,
    );
    expect(g).toMatchObject({ codec: 'jpeg', videoFrames: 0 });
    expect(asked.filter((u) => u.includes('/stream'))).toEqual([expect.not.stringContaining('codec=')]);
    const device = (await driver.screenshot(deviceId)).jpeg;
    expect(await meanDiff(await canvasPng(page), device)).toBeLessThan(12);
    await page.close();
    await api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}`);
  }, 60_000);
});
