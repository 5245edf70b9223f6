import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CiRunPayload } from '../../src/modules/ci/ci.schemas';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from '../harness/console-browser';
import {
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  type EngineFixture,
} from '../harness/engine-fixture';
import { api, waitFor } from '../harness/sessions-factories';

/**
 * The HTML report of a suite run: one file that opens with the network off, every text escaped
 * (a case named like a script stays text), screenshots inline as data URIs.
 */
const SIGN_IN = ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'verify "Items" is visible'];
const HOSTILE = `<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> & "Sign in"`;

describe.skipIf(!hasChromium)('suite run HTML report', () => {
  let f: EngineFixture;
  let browser: Browser;
  let done: CiRunPayload;

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(2) });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    await createCase(f, suiteId, { name: HOSTILE, mode: 'ai', steps: SIGN_IN });
    await createCase(f, suiteId, {
      name: 'Never there',
      mode: 'ai',
      steps: ['verify "Nowhere to be seen" is visible'],
    });
    const started = await api(f.t, f.org.developer.token, 'POST', '/ci/run-suite', {
      suite_id: suiteId,
      mode: 'ai',
      parallelism: 2,
      retries: 1,
    });
    expect(started.statusCode, started.body).toBe(200);
    done = await waitFor(
      async () => {
        const p = (await api(f.t, f.org.developer.token, 'GET', `/ci/runs/${started.json().run_id}`)).json();
        return ['passed', 'failed', 'error', 'cancelled'].includes(p.status) ? (p as CiRunPayload) : undefined;
      },
      'the CI run',
      120_000,
    );
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await f?.close();
  });

  it('any member gets one self-contained file; every text is escaped', async () => {
    expect(done.status).toBe('failed');
    const res = await api(f.t, f.org.viewer.token, 'GET', `/tests/suite-runs/${done.engine_run_id}/report.html`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
    // Images are inline; nothing is fetched from anywhere.
    expect(html).toMatch(/src="data:image\/jpeg;base64,/);
    expect(html).not.toMatch(/src="(?!data:)/);
    expect(html).not.toMatch(/<link\b/i);
    // Every case, its retried attempt and the shards are there.
    expect(html).toContain('Never there');
    expect(html).toContain('Attempt 2');
    expect(html).toContain('Shard');
    expect((await api(f.t, f.org.viewer.token, 'GET', '/tests/suite-runs/srun_missing/report.html')).statusCode).toBe(
      404,
    );
    const ci = await api(f.t, f.org.developer.token, 'GET', `/ci/runs/${done.run_id}/report.html`);
    expect(ci.statusCode).toBe(200);
    expect(ci.body).toContain('Never there');
  });

  it('opens in Chromium with the network off and shows the summary; the hostile name stays text', {
    timeout: 120_000,
  }, async () => {
    const html = (await api(f.t, f.org.viewer.token, 'GET', `/tests/suite-runs/${done.engine_run_id}/report.html`))
      .body;
    const file = path.join(f.t.dataDir, 'report.html');
    fs.writeFileSync(file, html);
    const context = await browser.newContext({ offline: true });
    const fetched: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file://')) return route.continue();
      fetched.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    try {
      await page.goto(`file://${file}`, { timeout: 30_000 });
      await expect.poll(() => page.locator('#summary').isVisible()).toBe(true);
      const summary = await page.locator('#summary').innerText();
      expect(summary).toMatch(/Cases\s+2: 1 passed, 1 failed/);
      expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
      await expect.poll(() => page.getByText(HOSTILE).count()).toBeGreaterThan(0);
      // The first screenshot decoded from its data URI.
      const width = await page.evaluate('document.images[0] && document.images[0].naturalWidth');
      expect(width).toBeGreaterThan(0);
      expect(fetched).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
