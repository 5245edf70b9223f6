import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSession,
  createCase,
  createEngineFixture,
  createSuite,
  runCase,
  type EngineFixture,
} from '../harness/engine-fixture';

/**
 * Two things a run knows that one screen does not: the screens its steps passed through (a claim
 * about an earlier moment is judged on the screen of that moment), and the app's other tabs (a step
 * naming a place the screen does not show looks for it there). A smart-home app with four tabs, on a
 * virtual phone, through the public API.
 */
const HOME_MODEL = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../examples/home-app/simdeck-app.json'), 'utf8'),
);
const SIGN_IN = 'Sign in as sam@homely.test / home2024';

describe('a run reads its timeline and the other tabs', () => {
  let f: EngineFixture;
  let sessionId: string;
  let suiteId: string;

  beforeAll(async () => {
    f = await createEngineFixture({ model: HOME_MODEL });
    sessionId = await activeSession(f);
    suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('"After Scenes: …" is judged on the screen the Scenes tab showed; the same claim after Energy fails', async () => {
    const steps = [SIGN_IN, 'Open the Scenes tab', 'Open the Energy tab'];
    const held = await createCase(f, suiteId, {
      mode: 'ai',
      steps,
      assertions: ['After Scenes: "New scene" is shown', 'Energy is shown'],
    });
    const run = await runCase(f, held, sessionId);
    expect(run.status, JSON.stringify(run.result ?? run.error_message)).toBe('passed');
    expect(run.result.assertions[0]?.reasoning).toMatch(/^after Scenes: /);
    const wrong = await createCase(f, suiteId, {
      mode: 'ai',
      steps,
      assertions: ['After Energy: "New scene" is shown'],
    });
    const failed = await runCase(f, wrong, sessionId);
    expect(failed.status).toBe('failed');
    expect(failed.error_message).toMatch(/^Assertion failed: After Energy/);
  });

  it('"Open New scene" on Home finds it under the Scenes tab; a place no tab shows still fails', async () => {
    const found = await createCase(f, suiteId, {
      mode: 'ai',
      steps: [SIGN_IN, 'Open New scene'],
      assertions: ['The New scene screen is shown'],
    });
    const run = await runCase(f, found, sessionId, {}, 60_000);
    expect(run.status, JSON.stringify(run.result ?? run.error_message)).toBe('passed');
    expect(run.result.steps[1]?.resolved_by).toBe('interpreter');
    const missing = await createCase(f, suiteId, {
      mode: 'ai',
      steps: [SIGN_IN, 'Open Garage door'],
    });
    const failed = await runCase(f, missing, sessionId, {}, 60_000);
    expect(failed.status).toBe('failed');
    expect(failed.error_message).toMatch(/Step 2 failed: .*Garage door/);
  });
});
