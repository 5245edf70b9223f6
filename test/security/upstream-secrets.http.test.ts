import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness/app';
import { grant } from '../harness/credits-factories';
import { bearer, createOrgWithRoles, type OrgWithRoles } from '../harness/factories';
import { startFakeLlm, type FakeLlmServer } from '../harness/fake-llm';
import { api } from '../harness/sessions-factories';

/**
 * A provider that echoes the request's headers in its error answer (some gateways do) must not
 * put the key in simdeck's log: every logged upstream body and error message has its secrets
 * taken out. The fake provider on loopback echoes what it received; the log is captured.
 */
const PLATFORM_KEY = 'platform-operator-key-7d1f0c9e52ab';
const KEYS = {
  provider_a: 'sk-proj-OrgOpenAiKey0123456789abcdef',
  provider_b: 'sk-ant-api03-OrgAnthropicKey0123456789',
  provider_c: 'AIzaSyOrgGeminiKey0123456789abcdefghij',
  aggregator: 'sk-or-v1-OrgRouterKey0123456789abcdef',
};
const MODELS: Array<[string, string]> = [
  ['platform', 'vision-1'],
  ['provider_a', 'gpt-4.1-mini:byok'],
  ['provider_b', 'claude-sonnet-4-5:byok'],
  ['provider_c', 'gemini-2.5-flash:byok'],
  ['aggregator', 'openai/gpt-4.1-mini:byok'],
];

describe('secrets in upstream answers', () => {
  let t: TestApp;
  let fake: FakeLlmServer;
  let org: OrgWithRoles;
  const lines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeLlm();
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    t = await createTestApp({
      jobs: false,
      logStream,
      env: {
        ...fake.env(),
        LOG_LEVEL: 'debug',
        PLATFORM_AI_MODEL: 'vision-1',
        PLATFORM_AI_API_KEY: PLATFORM_KEY,
        AI_RETRY_BASE_MS: '1',
      },
    });
    org = await createOrgWithRoles(t, 'Echo Org');
    await grant(t, org.orgId, 5);
    for (const [provider, api_key] of Object.entries(KEYS)) {
      const res = await api(t, org.developer.token, 'POST', '/ai/keys', { provider, api_key });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it.each(MODELS)(
    '%s: the echoed key, bearer and key headers are logged as [redacted], never as they came',
    async (provider, model) => {
      const key = provider === 'platform' ? PLATFORM_KEY : KEYS[provider as keyof typeof KEYS];
      fake.script([{ status: 400, echoRequest: true }]);
      const before = lines.length;
      const calls = fake.calls.length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/ai/generate-test',
        headers: bearer(org.viewer.token),
        payload: { recording: [{ type: 'tap', t_ms: 0, x: 10, y: 10 }], model },
      });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.body).not.toContain(key);
      // The provider really did echo the key it was sent.
      expect(fake.calls[calls]!.apiKey).toBe(key);
      const logged = lines.slice(before).join('');
      expect(logged).toContain('model call failed');
      expect(logged).toContain('[redacted]');
      expect(logged).not.toContain(key);
      // Nor any part of it long enough to matter.
      expect(logged).not.toContain(key.slice(-12));
    },
  );
});
