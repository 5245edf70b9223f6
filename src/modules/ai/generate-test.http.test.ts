import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiUsage, creditHolds, creditLedger } from '../../db/schema';
import { setPlan } from '../../../test/harness/credits-factories';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { bearer, createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { startFakeLlm, type FakeLlmServer } from '../../../test/harness/fake-llm';

/** POST /ai/generate-test: with the interpreter (no model) and with a language model on a fake provider. */
let t: TestApp;
let fake: FakeLlmServer;
let org: OrgWithRoles;
let shot: string;
const PLATFORM_MODEL = 'simdeck-vision-1';

beforeAll(async () => {
  fake = await startFakeLlm();
  t = await createTestApp({
    jobs: false,
    env: { ...fake.env(), PLATFORM_AI_MODEL: PLATFORM_MODEL, AI_RETRY_BASE_MS: '10' },
  });
  org = await createOrgWithRoles(t, 'Gen Org');
  const jpeg = await sharp({ create: { width: 1179, height: 2556, channels: 3, background: '#3366ff' } })
    .jpeg()
    .toBuffer();
  shot = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const generate = (body: unknown, token = org.viewer.token) =>
  t.app.inject({ method: 'POST', url: '/api/v1/ai/generate-test', headers: bearer(token), payload: body as object });

const RECORDING = () => [
  { type: 'launch_app', t_ms: 0, package_name: 'dev.simdeck.sample', screenshot: shot },
  { type: 'tap', t_ms: 500, x: 590, y: 900, selector: { text: 'Username', class: 'android.widget.EditText' } },
  { type: 'type_text', t_ms: 900, text: 'demo' },
  {
    type: 'tap',
    t_ms: 1500,
    x: 590,
    y: 1400,
    selector: { text: 'Sign in', class: 'android.widget.Button' },
    screenshot: shot,
  },
];

describe('without a language model', () => {
  it('writes steps from the selectors, each with its first action and a screenshot, at no cost', async () => {
    const before = fake.calls.length;
    const res = await generate({ recording: RECORDING(), app_name: 'Sample' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: 'Sample flow (3 steps)',
      steps: [
        { text: 'Open the app', source_action_index: 0, screenshot: shot },
        { text: 'Type "demo" into "Username"', source_action_index: 1, screenshot: shot },
        { text: 'Tap "Sign in"', source_action_index: 3, screenshot: shot },
      ],
      assertions: [],
    });
    expect(fake.calls.length).toBe(before);
    expect(await t.container.db.select().from(aiUsage).where(eq(aiUsage.organizationId, org.orgId))).toEqual([]);
  });

  it('400 without a recording, with an empty one, or a malformed action', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ app_name: 'x' }, /^recording: required/],
      [{ recording: [] }, /^recording: must have at least one action/],
      [{ recording: [{ type: 'tap', t_ms: 0 }] }, /^recording\.0\.x: /],
      [{ recording: [{ type: 'fly', t_ms: 0 }] }, /^recording\.0\.type: must be one of/],
      [{ recording: RECORDING(), model: 'gpt-9' }, /^model: unknown model gpt-9/],
    ];
    for (const [body, detail] of cases) {
      const res = await generate(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail, JSON.stringify(body)).toMatch(detail);
    }
  });
});

describe('with a language model', () => {
  it('the model writes the steps from the actions, their selectors and downscaled screenshots; the call is recorded', async () => {
    fake.script([
      {
        tool: 'write_test',
        input: {
          name: 'Sign in as demo',
          steps: [
            { text: 'Sign in as the demo user', source_action_index: 1 },
            { text: 'Submit', source_action_index: 3 },
          ],
          assertions: ['"Welcome, demo" is visible'],
        },
        usage: { input: 1200, output: 80 },
      },
    ]);
    const before = fake.calls.length;
    const res = await generate({
      recording: RECORDING(),
      app_name: 'Sample',
      context: 'demo / secret signs in',
      model: PLATFORM_MODEL,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: 'Sign in as demo',
      steps: [
        { text: 'Sign in as the demo user', source_action_index: 1, screenshot: shot },
        { text: 'Submit', source_action_index: 3, screenshot: shot },
      ],
      assertions: ['"Welcome, demo" is visible'],
    });
    const call = fake.calls[before]!;
    expect(call.wire).toBe('platform');
    expect(call.tools).toEqual(['write_test']);
    expect(call.texts.join('\n')).toContain('#1 tap on android.widget.EditText "Username" at (590, 900)');
    expect(call.texts.join('\n')).toContain('demo / secret signs in');
    expect(call.images.map((i) => [i.width, i.height])).toEqual([
      [236, 512],
      [236, 512],
    ]);
    const rows = await t.container.db.select().from(aiUsage).where(eq(aiUsage.organizationId, org.orgId));
    expect(
      rows.map((r) => [r.purpose, r.runId, r.model, r.billing, r.inputTokens, r.outputTokens, r.costMicro]),
    ).toEqual([['generate_test', null, PLATFORM_MODEL, 'platform', 1200, 80, 4800]]);
    // The platform model is paid from usage credit here too: one deduction, and no hold left.
    const charged = await t.container.db.select().from(creditLedger).where(eq(creditLedger.organizationId, org.orgId));
    expect(
      charged.filter((e) => e.entryType === 'usage_deduction').map((e) => [e.amountMicro, e.model, e.testRunId]),
    ).toEqual([[-4800, PLATFORM_MODEL, null]]);
    expect(await t.container.db.select().from(creditHolds).where(eq(creditHolds.organizationId, org.orgId))).toEqual(
      [],
    );
  });

  it('402 with the platform model and no usage credit left: the provider is not called', async () => {
    const broke = await createOrgWithRoles(t, 'Broke Org');
    await setPlan(t, broke.orgId, 'enterprise', 0);
    const before = fake.calls.length;
    const res = await generate({ recording: RECORDING(), model: PLATFORM_MODEL }, broke.viewer.token);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().detail).toMatch(/^The organization ran out of usage credit: this model call may cost up to \$/);
    expect(fake.calls.length).toBe(before);
  });

  it('an answer that points past the recording is sent back once, then used', async () => {
    fake.script([
      { tool: 'write_test', input: { name: 'x', steps: [{ text: 'Tap it', source_action_index: 9 }], assertions: [] } },
      { tool: 'write_test', input: { name: 'x', steps: [{ text: 'Tap it', source_action_index: 3 }], assertions: [] } },
    ]);
    const before = fake.calls.length;
    const res = await generate({ recording: RECORDING(), model: PLATFORM_MODEL });
    expect(res.json().steps).toEqual([{ text: 'Tap it', source_action_index: 3, screenshot: shot }]);
    expect(fake.calls[before + 1]!.texts.join('\n')).toContain(
      'source_action_index 9 is not an action (the recording has 4)',
    );
  });

  it('502 when the provider rejects the key, or the model never writes a usable test', async () => {
    fake.script([{ status: 401 }]);
    const refused = await generate({ recording: RECORDING(), model: PLATFORM_MODEL });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ detail: 'The provider rejected the key for platform' });
    fake.script([{ text: 'I would rather chat' }]);
    const chatty = await generate({ recording: RECORDING(), model: PLATFORM_MODEL });
    expect(chatty.statusCode).toBe(502);
    expect(chatty.json()).toEqual({
      detail: 'The model did not write a usable test; try again, or use platform/interpreter',
    });
  });
});
