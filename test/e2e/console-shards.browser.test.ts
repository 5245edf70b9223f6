import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import type { CiRunPayload } from '../../src/modules/ci/ci.schemas';
import { buildConsoleOnce, CHROMIUM, CHROMIUM_ARGS, hasChromium, watchedPage } from '../harness/console-browser';
import {
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  type EngineFixture,
} from '../harness/engine-fixture';
import { PASSWORD } from '../harness/factories';
import { api, waitFor } from '../harness/sessions-factories';

const labelled = (text: string) => new RegExp(`^${text}`);

/** The suite run page shows a parallel run's shards as lanes that fill while it runs. */
describe.skipIf(!hasChromium)('the console: shards as lanes', () => {
  let f: EngineFixture;
  let browser: Browser;

  beforeAll(async () => {
    await buildConsoleOnce();
    f = await createEngineFixture({ devices: androidPhones(3), app: { clock: systemClock } });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await f?.close();
  });

  it('lanes per shard fill live; the quarantined case is marked', { timeout: 240_000 }, async () => {
    const suiteId = await createSuite(f, { app_public_id: undefined });
    for (let i = 0; i < 5; i++)
      await createCase(f, suiteId, {
        name: `Slow ${i + 1}`,
        mode: 'ai',
        steps: ['wait 2 seconds', 'verify "Settings" is visible'],
      });
    const broken = await createCase(f, suiteId, {
      name: 'Known broken',
      mode: 'ai',
      steps: ['wait 1 second', 'verify "Nothing like this" is visible'],
    });
    await api(f.t, f.org.developer.token, 'POST', `/tests/cases/${broken}/quarantine`, { reason: 'known' });

    const { page, problems } = await watchedPage(browser);
    await page.goto(`${f.t.baseUrl}/sign-in`);
    await page.getByLabel(labelled('Email')).fill(f.org.developer.email);
    await page.getByLabel(labelled('Password')).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions$/);

    const started = await api(f.t, f.org.developer.token, 'POST', '/ci/run-suite', {
      suite_id: suiteId,
      mode: 'ai',
      parallelism: 3,
      devices: [{ device_type: 'android', category: 'phone' }],
    });
    expect(started.statusCode, started.body).toBe(200);
    // The matrix's one target runs the suite run to watch.
    const target = await waitFor(
      async () => {
        const p = (
          await api(f.t, f.org.developer.token, 'GET', `/ci/runs/${started.json().run_id}`)
        ).json() as CiRunPayload;
        return p.targets?.[0]?.engine_run_id ?? undefined;
      },
      'the suite run to start',
      60_000,
    );
    await page.goto(`${f.t.baseUrl}/suite-runs/${target}`);

    const lanes = page.getByRole('listitem', { name: /^Shard \d$/ });
    await expect.poll(() => lanes.count(), { timeout: 60_000 }).toBe(3);
    // While it runs, a lane shows a running case: the lanes fill as cases start, without a reload.
    await expect
      .poll(() => page.locator('.lane-case[data-case-status="running"]').count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('run-status').innerText(), { timeout: 120_000 }).toMatch(/passed/i);
    await expect.poll(() => page.locator('.lane-case').count(), { timeout: 30_000 }).toBe(6);
    for (let i = 0; i < 3; i++) expect(await lanes.nth(i).locator('.lane-case').count()).toBeGreaterThan(0);
    const marked = page.locator('.lane-case', { hasText: 'Known broken' });
    await expect.poll(() => marked.innerText()).toMatch(/quarantined/i);
    expect(problems).toEqual([]);
  });
});
