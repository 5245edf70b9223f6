import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import type { BaselineResponse as Baseline } from '../../src/modules/catalogue/baselines.schemas';
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
  type EngineFixture,
  runCase,
  sampleModel,
  uploadSample,
} from '../harness/engine-fixture';
import { PASSWORD } from '../harness/factories';
import { api } from '../harness/sessions-factories';

const SIGN_IN = ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'verify "Settings" is visible'];

describe.skipIf(!hasChromium)('the console: where mail goes, and baselines approved from a run', () => {
  let f: EngineFixture;
  let browser: Browser;

  beforeAll(async () => {
    await buildConsoleOnce();
    f = await createEngineFixture({ devices: androidPhones(1), app: { clock: systemClock } });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await f?.close();
  });

  async function signIn(page: Page, email: string): Promise<void> {
    await page.goto(`${f.t.baseUrl}/sign-in`);
    await page.getByLabel(/^Email( \*)?$/).fill(email);
    await page.getByLabel(/^Password( \*)?$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions$/);
  }

  it('the sign-up page says that mail is written to the server’s outbox when there is no SMTP', async () => {
    const { page } = await watchedPage(browser);
    await page.goto(`${f.t.baseUrl}/sign-up`);
    await expect
      .poll(() => page.getByTestId('mail-note').textContent())
      .toBe('This server has no SMTP configured: mail is written to DATA_DIR/outbox on the server.');
    await screenshot(page, 'first-hour-sign-up-mail-note');
    await page.close();
  });

  it('a run page approves one step, then the whole run, as baselines; the case shows the history', {
    timeout: 180_000,
  }, async () => {
    const sessionId = await activeSession(f);
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    const caseId = await createCase(f, suiteId, { mode: 'ai', steps: SIGN_IN });
    const first = await runCase(f, caseId, sessionId);
    expect(first.status).toBe('passed');
    const model = sampleModel();
    model.screens.items.elements.splice(1, 0, { type: 'button', id: 'promo', label: 'Offer', action: [] });
    const build = await uploadSample(f.t, f.org.developer.token, model);
    const changed = await runCase(f, caseId, sessionId, { build_id: build.buildId });
    const sources = async () =>
      ((await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${caseId}/baselines`)).json() as Baseline[]).map(
        (b) => b.source_run_id,
      );
    expect(await sources()).toEqual(Array(4).fill(first.public_id));

    const { page, problems } = await watchedPage(browser);
    await signIn(page, f.org.developer.email);
    await page.goto(`${f.t.baseUrl}/runs/${changed.public_id}`);
    await page.getByRole('button', { name: /3\. Tap Sign in/ }).click();
    await page.getByTestId('approve-step-2').click();
    await expect.poll(() => page.getByText('This screenshot is the baseline of step 3').count()).toBe(1);
    expect(await sources()).toEqual([first.public_id, first.public_id, changed.public_id, first.public_id]);

    await page.getByTestId('approve-run-baselines').click();
    await expect
      .poll(() => page.getByText("The run's screenshots are the baselines of steps 1, 2, 3, 4").count())
      .toBe(1);
    expect(await sources()).toEqual(Array(4).fill(changed.public_id));
    await screenshot(page, 'first-hour-run-approved');

    await page.goto(`${f.t.baseUrl}/tests/cases/${caseId}`);
    await page.getByRole('tab', { name: 'Baselines' }).click();
    const history = page.getByRole('table', { name: 'Baseline history' });
    await expect.poll(() => history.getByText('Approved from a run').count()).toBe(5);
    expect(await history.getByText('Written by a passed run').count()).toBe(4);
    await screenshot(page, 'first-hour-case-baselines');
    expect(problems).toEqual([]);
    await page.close();

    // A viewer sees the screenshots but no approve button.
    const viewer = await watchedPage(browser);
    await signIn(viewer.page, f.org.viewer.email);
    await viewer.page.goto(`${f.t.baseUrl}/runs/${changed.public_id}`);
    await viewer.page.getByRole('button', { name: /3\. Tap Sign in/ }).click();
    await viewer.page.getByAltText('Screenshot of step 3').waitFor();
    expect(await viewer.page.getByTestId('approve-step-2').count()).toBe(0);
    expect(await viewer.page.getByTestId('approve-run-baselines').count()).toBe(0);
    await viewer.page.close();
  });
});
