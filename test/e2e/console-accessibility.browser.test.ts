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
  sampleModel,
  type EngineFixture,
} from '../harness/engine-fixture';
import { PASSWORD } from '../harness/factories';
import { api } from '../harness/sessions-factories';

/** A screen of the sample app with an unlabeled icon button and light grey text (docs/accessibility.md). */
function plantedModel() {
  const model = sampleModel();
  model.screens.audit = {
    title: 'Audit',
    elements: [
      { type: 'text', text: 'Faint grey hint', color: '#c7c7cc', id: 'grey-hint' },
      { type: 'button', icon: 'plus', id: 'add-item', action: [{ set: { added: true } }] },
    ],
  };
  model.screens.items.elements.unshift({
    type: 'button',
    id: 'open-audit',
    label: 'Audit',
    action: [{ navigate: 'audit' }],
  });
  return model;
}

describe.skipIf(!hasChromium)('the console: accessibility findings', () => {
  let f: EngineFixture;
  let browser: Browser;

  beforeAll(async () => {
    await buildConsoleOnce();
    f = await createEngineFixture({ devices: androidPhones(1), model: plantedModel(), app: { clock: systemClock } });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await f?.close();
  });

  it('the run page shows the roll-up and each step’s findings; the suite settings change the check', {
    timeout: 180_000,
  }, async () => {
    const sessionId = await activeSession(f);
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    const steps = ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'Tap Audit'];
    const run = await runCase(f, await createCase(f, suiteId, { mode: 'ai', steps }), sessionId, {}, 60_000);
    expect(run.status).toBe('passed');

    const { page, problems } = await watchedPage(browser);
    await page.goto(`${f.t.baseUrl}/sign-in`);
    await page.getByLabel(/^Email( \*)?$/).fill(f.org.developer.email);
    await page.getByLabel(/^Password( \*)?$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions$/);
    await page.goto(`${f.t.baseUrl}/runs/${run.public_id}`);
    await expect.poll(() => page.getByTestId('run-accessibility').textContent()).toBe('accessibility warn');

    await page.getByRole('button', { name: /4\. Tap Audit/ }).click();
    const table = page.locator('table[aria-label="Accessibility findings"]').last();
    await table.waitFor();
    const rules = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-rule')));
    expect(rules).toEqual(['missing_label', 'low_contrast']);
    const text = (await table.textContent()) ?? '';
    expect(text).toContain('button (no name) #add-item');
    expect(text).toMatch(/Text contrast 1\.\d+:1 \(#[0-9a-f]{6} on #[0-9a-f]{6}\) is under 4\.5:1/);
    await screenshot(page, 'run-accessibility-findings');

    await page.goto(`${f.t.baseUrl}/tests/suites/${suiteId}`);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('combobox', { name: 'Accessibility check', exact: true }).click();
    await page.getByRole('option', { name: 'Fail runs with findings' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Suite settings saved.').waitFor();
    expect((await api(f.t, f.org.viewer.token, 'GET', `/tests/suites/${suiteId}`)).json().accessibility).toBe('fail');
    expect(problems).toEqual([]);
    await page.close();
  });
});
