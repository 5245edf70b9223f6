import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSession,
  createCase,
  createEngineFixture,
  createSuite,
  runCase,
  uploadSample,
  type EngineFixture,
} from '../harness/engine-fixture';
import { api } from '../harness/sessions-factories';

describe('the execution engine on virtual devices with the sample app', () => {
  let f: EngineFixture;
  let sessionId: string;

  beforeAll(async () => {
    f = await createEngineFixture();
    sessionId = await activeSession(f);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('a natural-language case passes through the interpreter, and the first run writes the baselines', async () => {
    const suiteId = await createSuite(f);
    const caseId = await createCase(f, suiteId, {
      mode: 'ai',
      steps: [
        'type demo into Username',
        'type secret into Password',
        'Tap Sign in',
        'verify "Welcome, demo" is visible',
        'scroll down until "Item 30" is visible',
      ],
      assertions: ['"Item 30" is visible'],
    });
    const run = await runCase(f, caseId, sessionId);
    expect(run.status, JSON.stringify(run.result ?? run.error_message)).toBe('passed');
    expect(run.result.steps.map((s) => [s.status, s.resolved_by])).toEqual(Array(5).fill(['passed', 'interpreter']));
    expect(run.result.assertions).toEqual([
      { text: '"Item 30" is visible', passed: true, reasoning: expect.any(String) },
    ]);
    expect(run.model_used).toBe('platform/interpreter');
    // Where each step's time went: device calls, waiting, and the rest (the engine's own work).
    for (const step of run.result.steps) {
      expect(step.timing.device_ms, JSON.stringify(step)).toBeGreaterThan(0);
      expect(step.timing.wait_ms).toBeGreaterThan(0);
      expect(step.timing.device_ms + step.timing.wait_ms).toBeLessThanOrEqual(step.duration_ms + 1);
    }
  });

  it('installs the build unless the device has that very build: again for a new build of the same version', async () => {
    let installs = 0;
    const install = f.driver.install.bind(f.driver);
    f.driver.install = (...args: Parameters<typeof install>) => {
      installs++;
      return install(...args);
    };
    const session = await activeSession(f);
    const suiteId = await createSuite(f);
    const caseId = await createCase(f, suiteId, { mode: 'ai', steps: ['verify "Sign in" is visible'] });
    expect((await runCase(f, caseId, session)).status).toBe('passed');
    expect((await runCase(f, caseId, session)).status).toBe('passed');
    expect(installs).toBe(1);
    // Another build of the same version: the version alone says nothing, so it is installed.
    await uploadSample(f.t, f.org.developer.token);
    expect((await runCase(f, caseId, session)).status).toBe('passed');
    expect(installs).toBe(2);
    await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${session}`);
  });

  it('everyday forms read against the screen: signed in or not, a masked password, scrolling to the bottom', async () => {
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    const caseId = await createCase(f, suiteId, {
      mode: 'ai',
      steps: [
        'verify "Sign in" is visible',
        'The user is not signed in',
        'Enter demo in the Username field and secret in the Password field',
        'Verify the password is displayed as dots, not as plain text',
        'Tap Sign in',
        'Scroll down to the bottom',
        'verify "Item 40" is visible',
        'Tap Settings',
        'The user is signed in',
      ],
    });
    const run = await runCase(f, caseId, sessionId);
    expect(run.status, JSON.stringify(run.result ?? run.error_message)).toBe('passed');
    expect(run.result.steps.map((s) => s.resolved_by)).toEqual(Array(9).fill('interpreter'));
    // Said on the wrong screen, the same reading fails: it never passes on a guess.
    const wrong = await createCase(f, suiteId, {
      mode: 'ai',
      steps: ['verify "Sign in" is visible', 'The user is signed in'],
    });
    const failed = await runCase(f, wrong, sessionId);
    expect(failed.status).toBe('failed');
    expect(failed.result.steps[1]!.error).toMatch(/sign-in control is on screen/);
  });

  it('a wait step is counted as waiting, not as device or engine time', async () => {
    const suiteId = await createSuite(f);
    const caseId = await createCase(f, suiteId, { mode: 'ai', steps: ['wait 500 ms'] });
    const run = await runCase(f, caseId, sessionId);
    expect(run.status).toBe('passed');
    const step = run.result.steps[0]!;
    expect(step.actions).toEqual([{ type: 'wait', duration_ms: 500 }]);
    expect(step.timing.wait_ms).toBeGreaterThanOrEqual(500);
    expect(step.duration_ms).toBeGreaterThanOrEqual(step.timing.wait_ms);
  });
});
