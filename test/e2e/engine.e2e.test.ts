import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSession, createCase, createEngineFixture, createSuite, runCase, type EngineFixture } from '../harness/engine-fixture';

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
      steps: ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'verify "Welcome, demo" is visible', 'scroll down until "Item 30" is visible'],
      assertions: ['"Item 30" is visible'],
    });
    const run = await runCase(f, caseId, sessionId);
    expect(run.status, JSON.stringify(run.result ?? run.error_message)).toBe('passed');
    expect(run.result.steps.map((s: any) => [s.status, s.resolved_by])).toEqual(Array(5).fill(['passed', 'interpreter']));
    expect(run.result.assertions).toEqual([{ text: '"Item 30" is visible', passed: true, reasoning: expect.any(String) }]);
    expect(run.model_used).toBe('platform/interpreter');
  });
});
