import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import {
  buildConsoleOnce,
  CHROMIUM,
  CHROMIUM_ARGS,
  hasChromium,
  screenshot,
  watchedPage,
} from '../harness/console-browser';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  runCase,
  type EngineFixture,
} from '../harness/engine-fixture';
import { PASSWORD } from '../harness/factories';

/** What the test reads of a <video> element (the test's own types have no DOM). */
interface VideoState {
  readyState: number;
  duration: number;
  currentTime: number;
}

const STEPS = [
  'type demo into Username',
  'type secret into Password',
  'Tap Sign in',
  'wait 1 s',
  'verify "Nowhere" is visible',
];

describe.skipIf(!hasChromium)('the console: a run’s video, chapters and device log', () => {
  let f: EngineFixture;
  let browser: Browser;

  beforeAll(async () => {
    await buildConsoleOnce();
    f = await createEngineFixture({ devices: androidPhones(2), app: { clock: systemClock } });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await f?.close();
  });

  it('plays the video; a chapter click seeks to its step and marks its log lines; the log filters by level and text', {
    timeout: 180_000,
  }, async () => {
    const sessionId = await activeSession(f);
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    const run = await runCase(f, await createCase(f, suiteId, { mode: 'ai', steps: STEPS }), sessionId, {}, 60_000);
    expect(run.status).toBe('failed');
    const chapters = run.result.video!.chapters;

    const { page, problems } = await watchedPage(browser);
    await page.goto(`${f.t.baseUrl}/sign-in`);
    await page.getByLabel(/^Email( \*)?$/).fill(f.org.viewer.email);
    await page.getByLabel(/^Password( \*)?$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions$/);
    await page.goto(`${f.t.baseUrl}/runs/${run.public_id}`);
    await page.getByRole('tab', { name: 'Video and log' }).click();

    const video = page.getByTestId('run-video');
    // The browser decodes it: its duration is the run's video's.
    await expect
      .poll(() => video.evaluate((v: VideoState) => (v.readyState >= 1 ? Math.round(v.duration * 1000) : 0)), {
        timeout: 30_000,
      })
      .toBeGreaterThan(run.result.video!.duration_ms - 200);
    await expect.poll(() => page.locator('[data-chapter]').count()).toBe(5);

    // A click on step 3's chapter seeks there and marks the lines written during step 3.
    await page.locator('[data-chapter="2"]').click();
    await expect
      .poll(() => video.evaluate((v: VideoState) => Math.round(v.currentTime * 1000)))
      .toBeGreaterThanOrEqual(chapters[2]!.at_ms - 50);
    await expect.poll(() => page.locator('tr[data-current="true"]').count()).toBeGreaterThan(0);
    const marked = await page.locator('tr[data-current="true"]').allTextContents();
    expect(marked.join('\n')).toContain('Screen shown: items (Items)');
    expect(marked.every((t) => t.startsWith('step 3'))).toBe(true);

    // Search and level filter.
    await page.getByLabel('Search the log').fill('screen shown');
    await expect.poll(() => page.locator('table[aria-label="Device log"] tr').count()).toBe(2);
    await page.getByLabel('Search the log').fill('');
    await page.getByText('warn+').click();
    await expect.poll(() => page.locator('table[aria-label="Device log"] tr').count()).toBe(0);
    await screenshot(page, 'run-video-and-log');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the live session page tails the device log and records the screen', { timeout: 120_000 }, async () => {
    const sessionId = await activeSession(f);
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${f.t.baseUrl}/sign-in`);
    await page.getByLabel(/^Email( \*)?$/).fill(f.org.developer.email);
    await page.getByLabel(/^Password( \*)?$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions$/);
    await page.goto(`${f.t.baseUrl}/sessions/${sessionId}`);
    await page.getByRole('tab', { name: 'Log and video' }).click();
    const tail = page.locator('table[aria-label="Device log tail"]');
    await expect.poll(() => tail.textContent(), { timeout: 20_000 }).toMatch(/booted/);
    await page.getByRole('button', { name: 'Record the screen' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).click({ timeout: 20_000 });
    await expect
      .poll(() => page.getByRole('button', { name: /^rec_\w+ \(\d+ s\)$/ }).count(), { timeout: 20_000 })
      .toBe(1);
    await screenshot(page, 'session-log-and-video');
    expect(problems).toEqual([]);
    await page.close();
  });
});
