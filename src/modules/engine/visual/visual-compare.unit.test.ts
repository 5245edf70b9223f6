import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../errors';
import { SceneRenderer } from '../../../virtual/renderer';
import { closeSampleApps, openSampleApp } from '../steps/interpreter/sample-app-device.fixture';
import {
  compareScreenshots,
  DEFAULT_VISUAL_TIERS,
  resolveStepVisual,
  rollUpVisual,
  statusBarMask,
  verdictFor,
} from './visual-compare';

/** JPEG screenshots rendered by the virtual device running the sample app. */
const shots: Record<string, Buffer> = {};

beforeAll(async () => {
  const app = await openSampleApp({ signedIn: true });
  shots.items = await app.screenshot();
  await app.tapId('open-settings');
  await app.tapId('nav-back');
  shots.itemsAgain = await app.screenshot();
  await app.driver.input(app.deviceId, { kind: 'key', key: 'HOME' });
  shots.home = await app.screenshot();

  const form = await openSampleApp({});
  await form.tapId('username');
  await form.driver.input(form.deviceId, { kind: 'text', text: 'demo' });
  shots.signIn = await form.screenshot();
  await form.driver.input(form.deviceId, { kind: 'text', text: ' and a longer name' });
  shots.signInChanged = await form.screenshot();

  // The virtual clock never moves, so draw the same scene twice with another time in its status bar.
  const scene = form.driver.device(form.deviceId).freshScene();
  const statusBar = scene.children.find((c) => c.draw === 'status_bar')!;
  const renderer = new SceneRenderer(393, 852, 1, 80);
  shots.clockA = renderer.render(scene, { platform: 'android', tv: false });
  statusBar.detail = `23:58\u0000${statusBar.detail!.split('\u0000')[1]}`;
  shots.clockB = renderer.render(scene, { platform: 'android', tv: false });
}, 60_000);
afterAll(closeSampleApps);

const compare = (screenshot: Buffer, baseline: Buffer, masks?: Parameters<typeof compareScreenshots>[0]['masks']) =>
  compareScreenshots({ screenshot, baseline, tiers: DEFAULT_VISUAL_TIERS, masks });

describe('compareScreenshots on virtual-device screenshots', () => {
  it('finds no difference between two renders of the same state, and draws a diff image of the baseline size', async () => {
    expect(shots.items!.equals(shots.home!)).toBe(false);
    const r = await compare(shots.itemsAgain!, shots.items!);
    expect(r).toMatchObject({ diff_pct: 0, verdict: 'ok', width: 393, height: 852, differing_pixels: 0 });
    expect(r.compared_pixels).toBe(393 * (852 - 47));
    const meta = await sharp(r.diff_image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 393, 852]);
  });

  it('does not count JPEG noise or a different density as a difference', async () => {
    const noisy = await sharp(shots.items!).jpeg({ quality: 50 }).toBuffer();
    const dense = await sharp(shots.items!).resize(1179, 2556).jpeg({ quality: 90 }).toBuffer();
    expect((await compare(noisy, shots.items!)).diff_pct).toBeLessThan(0.1);
    expect((await compare(dense, shots.items!)).diff_pct).toBeLessThan(0.5);
    expect((await compare(shots.items!, dense)).width).toBe(1179);
  });

  it('measures changed text as a small difference', async () => {
    const r = await compare(shots.signInChanged!, shots.signIn!);
    expect(r.diff_pct).toBeGreaterThan(0.1);
    expect(r.diff_pct).toBeLessThan(5);
    expect(r.verdict).toBe('ok');
  });

  it('measures another screen as a large difference that fails the default tiers', async () => {
    const r = await compare(shots.home!, shots.items!);
    expect(r.diff_pct).toBeGreaterThanOrEqual(25);
    expect(r.verdict).toBe('fail');
    const withoutFail = await compareScreenshots({
      screenshot: shots.home!,
      baseline: shots.items!,
      tiers: { warn_pct: 10, fail_pct: null },
    });
    expect(withoutFail.verdict).toBe('warn');
  });

  it('masks the status bar clock by default', async () => {
    const unmasked = await compare(shots.clockB!, shots.clockA!, []);
    expect(unmasked.differing_pixels).toBeGreaterThan(20);
    const masked = await compare(shots.clockB!, shots.clockA!);
    expect(masked).toMatchObject({ diff_pct: 0, differing_pixels: 0 });
    const elsewhere = await compare(shots.clockB!, shots.clockA!, [{ x: 0, y: 400, width: 393, height: 100 }]);
    expect(elsewhere.differing_pixels).toBe(unmasked.differing_pixels);
  });

  it('refuses an unreadable image with a sentence that names it', async () => {
    const err = await compare(Buffer.from('not an image'), shots.items!).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'INTERNAL', detail: 'The step screenshot is not a readable image' });
    await expect(compare(shots.items!, Buffer.alloc(10))).rejects.toMatchObject({
      detail: 'The baseline is not a readable image',
    });
  });
});

describe('visual tiers', () => {
  it.each<[number, number | null, number | null, string]>([
    [0, 10, 25, 'ok'],
    [9.99, 10, 25, 'ok'],
    [10, 10, 25, 'warn'],
    [24.99, 10, 25, 'warn'],
    [25, 10, 25, 'fail'],
    [99, null, 25, 'fail'],
    [20, null, 25, 'ok'],
    [30, 10, null, 'warn'],
    [100, null, null, 'ok'],
  ])('%s %% with warn %s and fail %s is %s', (pct, warn, fail, verdict) => {
    expect(verdictFor(pct, { warn_pct: warn, fail_pct: fail })).toBe(verdict);
  });

  it('rolls verdicts up by the most severe', () => {
    expect(rollUpVisual([])).toBeNull();
    expect(rollUpVisual([null, null])).toBeNull();
    expect(rollUpVisual([null, 'ok'])).toBe('ok');
    expect(rollUpVisual(['ok', 'warn', null, 'ok'])).toBe('warn');
    expect(rollUpVisual(['warn', 'fail', 'ok'])).toBe('fail');
  });

  it('resolves a step override against the suite tiers', () => {
    const suite = { warn_pct: 10, fail_pct: 25 };
    expect(resolveStepVisual(undefined, suite)).toEqual({ compare: true, tiers: suite });
    expect(resolveStepVisual({ mode: 'default', warn_pct: 1 }, suite)).toEqual({ compare: true, tiers: suite });
    expect(resolveStepVisual({ mode: 'skip' }, suite)).toEqual({ compare: false });
    expect(resolveStepVisual({ mode: 'custom', warn_pct: 2 }, suite)).toEqual({
      compare: true,
      tiers: { warn_pct: 2, fail_pct: 25 },
    });
    expect(resolveStepVisual({ mode: 'custom', warn_pct: null, fail_pct: 50 }, suite)).toEqual({
      compare: true,
      tiers: { warn_pct: null, fail_pct: 50 },
    });
    expect(resolveStepVisual({ mode: 'custom' }, { warn_pct: null, fail_pct: null })).toEqual({
      compare: true,
      tiers: { warn_pct: null, fail_pct: null },
    });
  });

  it('masks the tallest status bar of the fleet, relative to the short side', () => {
    expect(statusBarMask({ width: 393, height: 852 })).toEqual({ x: 0, y: 0, width: 393, height: 47 });
    expect(statusBarMask({ width: 1179, height: 2556 })).toEqual({ x: 0, y: 0, width: 1179, height: 141 });
    expect(statusBarMask({ width: 852, height: 393 })).toEqual({ x: 0, y: 0, width: 852, height: 47 });
    expect(statusBarMask({ width: 820, height: 1180 }, 'tablet')).toEqual({ x: 0, y: 0, width: 820, height: 29 });
    expect(statusBarMask({ width: 1920, height: 1080 }, 'tv')).toBeNull();
  });
});
