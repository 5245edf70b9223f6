import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import type { CiRunPayload } from '../../src/modules/ci/ci.schemas';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { closeSampleApps, openSampleApp } from '../../src/modules/engine/steps/interpreter/sample-app-device.fixture';
import { byId, center } from '../virtual/ui';
import { createTestApp } from '../harness/app';
import {
  buildConsoleOnce,
  CHROMIUM,
  CHROMIUM_ARGS,
  hasChromium,
  screenshot,
  seriousAxeViolations,
  watchedPage,
} from '../harness/console-browser';
import { grant, setPlan } from '../harness/credits-factories';
import { androidPhones, uploadSample } from '../harness/engine-fixture';
import { addMember, PASSWORD, signup } from '../harness/factories';
import { FakeGithub } from '../harness/fake-github';
import { type FakeStripe, startFakeStripe } from '../harness/fake-stripe';
import {
  api,
  connectWorker,
  createAndStart,
  type LiveApp,
  waitFor,
  waitForStatus,
} from '../harness/sessions-factories';
import { type FakeLlmServer, refOf, startFakeLlm } from '../harness/fake-llm';
import { WebhookReceiver } from '../harness/webhook-receiver';

/**
 * The console against the AI, credits, webhooks, GitHub and CI endpoints, in Debian's Chromium:
 * a live server whose APP_URL is its own address (so the links it hands out, a CI run's run_url,
 * GitHub's target_url and the top-up's return, are opened as they are), one virtual Android phone,
 * a webhook receiver, a fake payment provider and a fake GitHub API on loopback.
 */
const PROVIDER_KEY = 'sk-console-test-9f3a7c2e5b1d';
const SIGN_IN = ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'verify "Items" is visible'];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

describe.skipIf(!hasChromium)('the console on AI, credits, webhooks, GitHub and CI', () => {
  let t: LiveApp;
  let worker: WorkerClient;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let github: FakeGithub;
  let stripe: FakeStripe;
  let llm: FakeLlmServer;
  let appId: string;
  let admin: Awaited<ReturnType<typeof signup>>;
  let suiteId: string;
  const axeFindings: Record<string, unknown> = {};

  async function checkPage(page: Page, name: string): Promise<void> {
    await screenshot(page, `platform-${name}`);
    const serious = await seriousAxeViolations(page);
    if (serious.length) axeFindings[name] = serious;
  }

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${t.baseUrl}/sign-in`);
    await page.getByLabel(labelled('Email')).fill(email);
    await page.getByLabel(labelled('Password')).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions$/);
  }

  beforeAll(async () => {
    await buildConsoleOnce();
    [receiver, github, stripe, llm] = await Promise.all([
      WebhookReceiver.start(),
      FakeGithub.start(),
      startFakeStripe(),
      startFakeLlm(),
    ]);
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const app = await createTestApp({
      clock: systemClock,
      env: {
        ...llm.env(),
        PLATFORM_AI_MODEL: 'vision-1',
        APP_URL: appUrl,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        GITHUB_API_URL: github.url,
        STRIPE_SECRET_KEY: 'sk_test_console_1234',
        STRIPE_WEBHOOK_SECRET: 'whsec_console_1234',
        STRIPE_API_BASE: stripe.apiBase,
      },
    });
    await app.app.listen({ port, host: '127.0.0.1' });
    t = Object.assign(app, { baseUrl: appUrl });
    worker = await connectWorker(
      t,
      createVirtualDriver({ devices: androidPhones(1), dataDir: t.dataDir }),
      `console-ci-${randomUUID().slice(0, 6)}`,
    );
    admin = await signup(t, { organizationName: 'Platform Console' });
    ({ appId } = await uploadSample(t, admin.token));
    const suite = (
      await api(t, admin.token, 'POST', '/tests/suites', { name: 'Checkout', app_public_id: appId })
    ).json();
    suiteId = suite.public_id;
    await api(t, admin.token, 'PATCH', `/tests/suites/${suiteId}`, { reset_strategy: 'clear_data' });
    expect(
      (
        await api(t, admin.token, 'POST', `/tests/suites/${suiteId}/cases`, {
          name: 'Sign in case',
          mode: 'ai',
          steps: SIGN_IN,
        })
      ).statusCode,
    ).toBe(200);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 180_000);
  beforeEach(() => {
    for (const k of Object.keys(axeFindings)) delete axeFindings[k];
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
    await Promise.all([receiver?.close(), github?.close(), stripe?.close(), llm?.close()]);
  });

  it('saves the default model and a provider key, shows credit after a grant, tops up, creates a webhook and connects GitHub', {
    timeout: 180_000,
  }, async () => {
    const { page, problems } = await watchedPage(browser);
    await signIn(page, admin.email, PASSWORD);

    // AI: a provider key (only its hint comes back), then a model on that key as the default.
    await page.goto(`${t.baseUrl}/organization?tab=ai`);
    await page.getByText('No keys yet.').waitFor();
    await page.getByLabel(labelled('API key')).fill(PROVIDER_KEY);
    await page.getByRole('button', { name: 'Save key' }).click();
    const keys = page.getByRole('table', { name: 'Provider keys' });
    await keys.getByText('OpenAI').waitFor();
    const hint = (await page.getByTestId('key-hint').textContent())!;
    expect(PROVIDER_KEY.endsWith(hint.replace(/^…/, ''))).toBe(true);
    expect(hint.length).toBeLessThan(8);
    expect(await page.getByLabel(labelled('API key')).inputValue()).toBe('');
    await page.getByRole('combobox', { name: labelled('Default model') }).click();
    await page.getByRole('option', { name: /^GPT-4\.1 mini · OpenAI$/ }).click();
    await page.getByRole('button', { name: 'Save default model' }).click();
    await page
      .getByTestId('default-model')
      .getByText('gpt-4.1-mini:byok (OpenAI, billed by the provider)', { exact: false })
      .waitFor();
    expect((await api(t, admin.token, 'GET', '/ai/config')).json()).toEqual({
      default_provider: 'provider_a',
      default_model: 'gpt-4.1-mini:byok',
    });
    // After a reload the key is still only a hint: the secret is never sent back.
    await page.reload();
    await page.getByTestId('key-hint').waitFor();
    expect(await page.content()).not.toContain(PROVIDER_KEY);
    await checkPage(page, '01-ai');

    // Credits: a grant shows in the balance and the ledger; the usage dashboard draws.
    await grant(t, admin.orgId, 25);
    await page.getByRole('tab', { name: 'Credits and usage' }).click();
    await waitFor(
      async () => (await page.getByTestId('prepaid').textContent()) === '$25.00',
      'the prepaid balance',
      15_000,
    );
    await page.getByRole('table', { name: 'Credit ledger' }).getByText('Grant').waitFor();
    await page.getByRole('heading', { name: /^Usage this month/ }).waitFor();
    await checkPage(page, '02-credits');
    // A top-up goes to the payment provider's checkout and comes back to this tab.
    await page.route('https://checkout.stripe.test/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Checkout</title><main>Checkout</main>',
      }),
    );
    const [bundle] = await page.getByRole('button', { name: /^Add \$/ }).all();
    await bundle!.click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\//);
    const back = stripe.created.at(-1)!.form.success_url!.replace('{CHECKOUT_SESSION_ID}', 'cs_test_1');
    expect(back.startsWith(`${t.baseUrl}/organization?`)).toBe(true);
    await page.goto(back);
    await page.getByText('Your payment went through').waitFor();
    await page.getByRole('tab', { name: 'Credits and usage', selected: true }).waitFor();
    // A custom amount: whole dollars within the server's bounds, or the button stays off.
    const other = page.getByLabel(/^Other amount/);
    await other.fill('2');
    expect(await page.getByRole('button', { name: 'Top up' }).isDisabled()).toBe(true);
    await other.fill('7');
    await page.getByRole('button', { name: 'Top up' }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\//);
    expect(stripe.created.at(-1)!.form['line_items[0][price_data][unit_amount]']).toBe('700');

    // A webhook with a picked event: its secret shows once, with a copy button.
    await page.goto(`${t.baseUrl}/organization?tab=integrations`);
    await page.getByText('No endpoints yet.').waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(labelled('URL')).fill(receiver.url('/console'));
    await dialog.getByLabel(labelled('Events')).click();
    await page.getByRole('option', { name: /^run\.passed:/ }).click();
    await dialog.getByLabel(labelled('Description')).click();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Copy secret' }).waitFor();
    const [hook] = (await api(t, admin.token, 'GET', '/integrations/webhooks')).json();
    expect(hook).toMatchObject({ url: receiver.url('/console'), enabled: true, event_types: ['run.passed'] });
    await checkPage(page, '03-webhook-secret');
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await page.reload();
    await page.getByRole('table', { name: 'Webhooks' }).getByText(receiver.url('/console')).waitFor();
    expect(await page.content()).not.toContain(secret);

    // GitHub: connect, then the token shows only as its hint.
    await page.getByLabel(labelled('Repository')).fill('acme/mobile');
    await page.getByLabel(labelled('Token')).fill('ghp_console_token_7788');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page
      .getByTestId('github-state')
      .getByText(/Connected to acme\/mobile with the token …7788/)
      .waitFor();
    await checkPage(page, '04-integrations');

    expect(problems).toEqual([]);
    expect(axeFindings).toEqual({});
    await page.context().close();
  });

  it('opens a CI run from its run_url and shows its result; the webhook delivery shows and redelivers', {
    timeout: 180_000,
  }, async () => {
    const commit = randomUUID().replace(/-/g, '').padEnd(40, '0');
    const started = (
      await api(t, admin.token, 'POST', '/ci/run-suite', {
        suite_id: suiteId,
        commit_sha: commit,
        metadata: { pipeline: 'console' },
      })
    ).json();
    const polled = (await api(t, admin.token, 'GET', `/ci/runs/${started.run_id}`)).json() as CiRunPayload;
    expect(polled.run_url).toBe(`${t.baseUrl}/ci/runs/${started.run_id}`);

    const { page, problems } = await watchedPage(browser);
    await signIn(page, admin.email, PASSWORD);
    await page.goto(polled.run_url);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await waitFor(
      async () => (await page.getByTestId('ci-status').textContent()) === 'passed',
      'the CI run to pass',
      120_000,
    );
    const cases = page.getByRole('table', { name: 'Cases of the CI run' });
    await cases.getByText('passed', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Progress' }).getByText('Suite run passed').waitFor();
    await checkPage(page, '05-ci-run');
    // GitHub's commit status links to the same page.
    await waitFor(() => github.statuses.some((s) => s.sha === commit && s.state === 'success'), 'the success status');
    expect(github.statuses.filter((s) => s.sha === commit).every((s) => s.target_url === polled.run_url)).toBe(true);
    // The case's url in the payload is the run page the table links to.
    const done = (await api(t, admin.token, 'GET', `/ci/runs/${started.run_id}`)).json() as CiRunPayload;
    const caseUrl = (done.results as Array<{ url: string }>)[0]!.url;
    expect(caseUrl).toMatch(new RegExp(`^${t.baseUrl}/runs/run_`));
    await cases.getByRole('link', { name: 'Sign in case' }).click();
    await page.waitForURL(caseUrl);
    await waitFor(async () => (await page.getByTestId('run-status').textContent()) === 'passed', 'the case run page');
    await page.goto(`${t.baseUrl}/ci/runs/${started.run_id}`);
    await page.getByRole('link', { name: /^suite run srun_/ }).click();
    await page.waitForURL(/\/suite-runs\/srun_/);
    await page
      .getByRole('table', { name: 'Cases of the suite run' })
      .getByRole('link', { name: 'Sign in case' })
      .waitFor();

    // The run.passed events reached the receiver; their deliveries show, and one goes again.
    await receiver.waitFor((r) => r.filter((d) => d.json?.type === 'run.passed').length >= 2, 'run.passed deliveries');
    await page.goto(`${t.baseUrl}/organization?tab=integrations`);
    await page.getByRole('button', { name: `Deliveries to ${receiver.url('/console')}` }).click();
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    await deliveries.getByText('succeeded').first().waitFor();
    expect(await deliveries.getByText('run.passed').count()).toBeGreaterThanOrEqual(2);
    await checkPage(page, '06-deliveries');
    const before = receiver.received.length;
    await deliveries.getByRole('button', { name: 'Redeliver' }).first().click();
    await page.getByText('Sent again as a new delivery.').waitFor();
    await receiver.waitFor((r) => r.length > before, 'the redelivery');

    expect(problems).toEqual([]);
    expect(axeFindings).toEqual({});
    await page.context().close();
  });

  it('follows a multi-suite CI run (suites by tag) and its suite runs', { timeout: 120_000 }, async () => {
    expect((await api(t, admin.token, 'PATCH', `/tests/suites/${suiteId}`, { tags: ['release'] })).statusCode).toBe(
      200,
    );
    const started = (await api(t, admin.token, 'POST', '/ci/run-suites', { tags: ['release'] })).json();
    expect(started.matched_suite_ids).toEqual([suiteId]);
    const { page, problems } = await watchedPage(browser);
    await signIn(page, admin.email, PASSWORD);
    await page.goto(`${t.baseUrl}/ci/multi-suite-runs/${started.aggregate_id}`);
    await page.getByRole('heading', { name: 'Suites tagged release' }).waitFor();
    await waitFor(
      async () => (await page.getByTestId('multi-status').textContent()) === 'passed',
      'the multi-suite run to pass',
      90_000,
    );
    await page.getByRole('table', { name: 'Cases of Checkout' }).getByRole('link', { name: 'Sign in case' }).waitFor();
    await checkPage(page, '06b-multi-suite-run');
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await page.waitForURL(/\/ci\/runs\/ci_/);
    await page.getByRole('link', { name: `the multi-suite run ${started.aggregate_id}` }).waitFor();
    await waitFor(
      async () => (await page.getByTestId('ci-status').textContent()) === 'passed',
      'the suite CI run page',
    );
    expect(problems).toEqual([]);
    expect(axeFindings).toEqual({});
    await page.context().close();
  });

  it('runs a case with a model picked in the run dialog; the healed step is offered back and Accept writes it into the case', {
    timeout: 180_000,
  }, async () => {
    // A recording made on an older build, whose button was "Log in": replay cannot tap it, the model can.
    const phone = await openSampleApp({ model: 'Pixel 8' });
    const tree = await phone.tree();
    const [username, password, signInButton] = ['username', 'password', 'sign-in'].map((id) => center(byId(tree, id)));
    await closeSampleApps();
    const suite = (
      await api(t, admin.token, 'POST', '/tests/suites', { name: 'Healing', app_public_id: appId })
    ).json();
    await api(t, admin.token, 'PATCH', `/tests/suites/${suite.public_id}`, { reset_strategy: 'clear_data' });
    const created = await api(t, admin.token, 'POST', `/tests/suites/${suite.public_id}/cases`, {
      name: 'Sign in, recorded',
      mode: 'recorded',
      steps: [
        { text: 'type demo into Username', action_indices: [0, 1] },
        { text: 'type secret into Password', action_indices: [2, 3] },
        { text: 'Submit the sign-in form', action_indices: [4] },
      ],
      source_recording: [
        { type: 'tap', t_ms: 0, ...username, selector: { id: 'username', class: 'android.widget.EditText' } },
        { type: 'type_text', t_ms: 400, text: 'demo' },
        { type: 'tap', t_ms: 900, ...password, selector: { id: 'password', class: 'android.widget.EditText' } },
        { type: 'type_text', t_ms: 1300, text: 'secret' },
        {
          type: 'tap',
          t_ms: 2000,
          ...signInButton,
          selector: { id: 'log-in', text: 'Log in', class: 'android.widget.Button' },
        },
      ],
      source_device_width: 393,
      source_device_height: 852,
    });
    expect(created.statusCode, created.body).toBe(200);
    const caseId = created.json().public_id as string;
    const { sessionId } = await createAndStart(t, admin.token, { device_type: 'android', device_category: 'phone' });
    await waitForStatus(t, admin.token, sessionId, 'active', 30_000);
    llm.script((call) =>
      call.toolResults.length === 0
        ? { tool: 'tap', input: { ref: refOf(call, 'sign-in') } }
        : { tool: 'step_done', input: { reasoning: 'the items screen is shown' } },
    );

    const { page, problems } = await watchedPage(browser);
    await signIn(page, admin.email, PASSWORD);
    await page.goto(`${t.baseUrl}/tests/cases/${caseId}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: labelled('Session') }).click();
    await page
      .getByRole('option', { name: /Pixel 8/ })
      .first()
      .click();
    await dialog.getByRole('combobox', { name: labelled('Model') }).click();
    await page.getByRole('option', { name: /^GPT-4\.1 · OpenAI$/ }).click();
    await checkPage(page, '07-run-dialog');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/runs\/run_/);
    await waitFor(
      async () => (await page.getByTestId('run-status').textContent()) === 'passed',
      'the hybrid run to pass',
      90_000,
    );
    const runId = page.url().split('/').at(-1)!;
    expect((await api(t, admin.token, 'GET', `/tests/runs/${runId}`)).json().model_used).toBe('gpt-4.1:byok');
    expect(llm.calls.at(-1)?.model).toBe('gpt-4.1');
    await page.getByRole('heading', { name: 'Suggested fixes' }).waitFor();
    await checkPage(page, '08-suggestion');
    await page.getByRole('button', { name: 'Accept the fix for step 3' }).click();
    await page.getByText('Step 3 now replays 1 recorded action.').waitFor();
    await page.locator('[data-suggestion-status="accepted"]').waitFor();
    const healed = (await api(t, admin.token, 'GET', `/tests/cases/${caseId}`)).json();
    expect(healed.steps[2]).toMatchObject({ text: 'Submit the sign-in form', action_indices: [5] });
    await api(t, admin.token, 'DELETE', `/sessions/${sessionId}`);

    expect(problems).toEqual([]);
    expect(axeFindings).toEqual({});
    await page.context().close();
  });

  it("the run dialog says why a run cannot start: a default model whose key is gone (400), no credit for simdeck's model (402)", {
    timeout: 120_000,
  }, async () => {
    const other = await signup(t, { organizationName: 'No Credit Left' });
    await setPlan(t, other.orgId, 'enterprise', 0);
    const key = (
      await api(t, other.token, 'POST', '/ai/keys', { provider: 'provider_a', api_key: 'sk-removed-later-1234' })
    ).json();
    expect((await api(t, other.token, 'PUT', '/ai/config', { default_model: 'gpt-4.1-mini:byok' })).statusCode).toBe(
      200,
    );
    expect((await api(t, other.token, 'DELETE', `/ai/keys/${key.id}`)).statusCode).toBe(200);
    const suite = (await api(t, other.token, 'POST', '/tests/suites', { name: 'Dialog' })).json();
    const testCase = (
      await api(t, other.token, 'POST', `/tests/suites/${suite.public_id}/cases`, {
        name: 'Anything',
        mode: 'ai',
        steps: ['tap Sign in'],
      })
    ).json();
    const { sessionId } = await createAndStart(t, other.token, { device_type: 'android', device_category: 'phone' });
    await waitForStatus(t, other.token, sessionId, 'active', 30_000);

    const { page, problems } = await watchedPage(browser);
    await signIn(page, other.email, PASSWORD);
    await page.goto(`${t.baseUrl}/tests/cases/${testCase.public_id}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: labelled('Session') }).click();
    await page
      .getByRole('option', { name: /Pixel 8/ })
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    const refused = dialog.getByRole('alert');
    await refused.getByText('The run cannot start like this').waitFor();
    await refused.getByText(/gpt-4\.1-mini:byok needs a provider_a key/).waitFor();
    await refused.getByRole('link', { name: 'AI settings' }).waitFor();
    await dialog.getByRole('combobox', { name: labelled('Model') }).click();
    await page.getByRole('option', { name: /^vision-1 \(hosted/ }).click();
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await refused.getByText('Out of usage credit').waitFor();
    await refused.getByRole('link', { name: 'add credit' }).waitFor();
    await checkPage(page, '09-run-402');
    expect((await api(t, other.token, 'GET', `/tests/cases/${testCase.public_id}/runs`)).json()).toEqual([]);
    await api(t, other.token, 'DELETE', `/sessions/${sessionId}`);

    expect(problems).toEqual([]);
    expect(axeFindings).toEqual({});
    await page.context().close();
  });

  it('shows a viewer what the API lets a viewer read, and nothing it would refuse', { timeout: 60_000 }, async () => {
    const viewer = await addMember(t, admin.orgId, 'viewer');
    const { page, problems } = await watchedPage(browser);
    await signIn(page, viewer.email, PASSWORD);
    await page.goto(`${t.baseUrl}/organization?tab=ai`);
    await page.getByRole('table', { name: 'Provider keys' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save key' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove the / }).count()).toBe(0);
    // The balance held back: the tab shows its loading state, which must pass axe too.
    let releaseBalance = () => {};
    const balanceHeld = new Promise<void>((resolve) => (releaseBalance = resolve));
    await page.route('**/api/v1/credits/balance', async (route) => {
      await balanceHeld;
      await route.continue();
    });
    await page.getByRole('tab', { name: 'Credits and usage' }).click();
    await page.locator('[aria-label="Loading"]').first().waitFor();
    await checkPage(page, '10-viewer-credits-loading');
    releaseBalance();
    await page.getByRole('table', { name: 'Credit ledger' }).waitFor();
    expect(await page.getByRole('button', { name: /^Add \$/ }).count()).toBe(0);
    // Integrations and API tokens answer 403 to a viewer: their tabs are not there.
    expect(await page.getByRole('tab', { name: 'Integrations' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'API tokens' }).count()).toBe(0);
    await checkPage(page, '10-viewer-credits');
    expect(problems).toEqual([]);
    expect(axeFindings).toEqual({});
    await page.context().close();
  });

  it("lets a viewer watch another member's live session, with none of the controls the API would refuse", {
    timeout: 60_000,
  }, async () => {
    const viewer = await addMember(t, admin.orgId, 'viewer');
    const { sessionId } = await createAndStart(t, admin.token, { device_type: 'android' });
    await waitForStatus(t, admin.token, sessionId, 'active');
    const { page, problems } = await watchedPage(browser);
    await signIn(page, viewer.email, PASSWORD);
    await page.goto(`${t.baseUrl}/sessions/${sessionId}`);
    await page.getByText('You are watching this session').waitFor();
    await page.getByRole('application', { name: 'Device screen (watching)' }).waitFor();
    await waitFor(
      async () => Number((await page.getByTestId('live-screen').getAttribute('data-frames')) ?? 0) > 0,
      'a frame on the watched screen',
    );
    expect(await page.getByRole('button', { name: 'Screenshot' }).count()).toBe(1);
    for (const name of ['End session', 'Rotate', 'Back', 'Install and launch', 'Install'])
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await page.getByRole('tab', { name: 'Record a test' }).count()).toBe(0);
    await checkPage(page, '11-viewer-watching');
    expect(problems).toEqual([]);
    expect(axeFindings).toEqual({});
    await page.context().close();
    await api(t, admin.token, 'DELETE', `/sessions/${sessionId}`);
  });
});
