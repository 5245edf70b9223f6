import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import {
  buildConsoleOnce,
  CHROMIUM,
  CHROMIUM_ARGS,
  hasChromium,
  screenshot,
  seriousAxeViolations,
  watchedPage,
} from '../harness/console-browser';
import {
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  type EngineFixture,
} from '../harness/engine-fixture';
import { PASSWORD } from '../harness/factories';
import { api } from '../harness/sessions-factories';

const FLOW = 'Book London → Paris, 14 Aug 2025, 1 passenger, 18:45 flight, Light fare, no extras';

describe.skipIf(!hasChromium)('the console: the case editor checks steps as the author types', () => {
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

  /** The reading shown under the input labelled `label` (its accessible description), once it settles to `status`. */
  async function noteOf(page: Page, label: string, status: string): Promise<string> {
    const input = page.getByLabel(label, { exact: true });
    const note = async () => {
      const id = await input.getAttribute('aria-describedby');
      return id ? page.locator(`[id="${id}"] [data-testid="step-check"]`) : null;
    };
    await expect
      .poll(
        async () => (await (await note())?.getAttribute('data-status', { timeout: 1000 }).catch(() => null)) ?? null,
        {
          timeout: 30_000,
        },
      )
      .toBe(status);
    return ((await (await note())?.textContent()) ?? '').trim();
  }

  it('says understood (with the intent), not understood (with suggestions) and needs a model, without blocking saving', {
    timeout: 180_000,
  }, async () => {
    const suiteId = await createSuite(f);
    const caseId = await createCase(f, suiteId, { mode: 'ai', steps: ['Tap Sign in'], assertions: [] });
    const { page, problems } = await watchedPage(browser);
    await signIn(page, f.org.developer.email);
    await page.goto(`${f.t.baseUrl}/tests/cases/${caseId}`);

    // The saved step is read as soon as the editor opens.
    expect(await noteOf(page, 'Step 1', 'understood')).toMatch(/Understood\s+as tap/);

    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByLabel('Step 2', { exact: true }).pressSequentially('blorp the zorgle', { delay: 20 });
    const gibberish = await noteOf(page, 'Step 2', 'not_understood');
    expect(gibberish).toMatch(/^Not understood/);
    expect(gibberish).toMatch(/Did you mean: .*Tap "Name"/);

    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByLabel('Step 3', { exact: true }).fill(FLOW);
    expect(await noteOf(page, 'Step 3', 'needs_model')).toMatch(/^Needs a model.*whole flow/);

    // Editing a line relabels it: the answer for the old text never sticks to the new one.
    await page.getByLabel('Step 2', { exact: true }).fill('Turn on Price alerts');
    expect(await noteOf(page, 'Step 2', 'understood')).toMatch(/Understood\s+as toggle_on/);

    await page.getByRole('button', { name: 'Add assertion' }).click();
    await page.getByLabel('Assertion 1', { exact: true }).fill('Total: €97.40');
    expect(await noteOf(page, 'Assertion 1', 'understood')).toMatch(/as check_value/);
    await screenshot(page, 'case-editor-step-checks');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A step it cannot read does not stop the author saving.
    await page.getByLabel('Step 2', { exact: true }).fill('blorp the zorgle');
    await noteOf(page, 'Step 2', 'not_understood');
    await page.getByRole('button', { name: 'Save case' }).click();
    await expect
      .poll(async () => (await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${caseId}`)).json().steps, {
        timeout: 30_000,
      })
      .toEqual(['Tap Sign in', 'blorp the zorgle', FLOW]);
    expect(problems).toEqual([]);
    await page.close();

    // A viewer cannot edit, but sees how the saved steps read.
    const viewer = await watchedPage(browser);
    await signIn(viewer.page, f.org.viewer.email);
    await viewer.page.goto(`${f.t.baseUrl}/tests/cases/${caseId}`);
    expect(await noteOf(viewer.page, 'Step 2', 'not_understood')).toMatch(/Did you mean/);
    expect(viewer.problems).toEqual([]);
    await viewer.page.close();
  });
});
