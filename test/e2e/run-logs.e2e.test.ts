import { systemClock } from '../../src/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  eventsOf,
  runCase,
  sampleModel,
  type EngineFixture,
} from '../harness/engine-fixture';
import { api, waitFor } from '../harness/sessions-factories';
import { WebhookReceiver } from '../harness/webhook-receiver';

/**
 * What a run shows besides its screenshots: the device log of its session, its own slice of it
 * with each line's step, and a crash that fails the step at once (docs/artifacts.md). The sample
 * app logs at sign-in (the password too, which must come out masked) and crashes on Settings.
 */
function plantedModel() {
  const model = sampleModel();
  const signIn = model.screens.signin.elements.find((e: { id?: string }) => e.id === 'sign-in');
  signIn.action.unshift({ log: { level: 'info', message: 'signing in {{username}} with {{password}}' } });
  const settings = model.screens.items.elements.find((e: { id?: string }) => e.id === 'open-settings');
  settings.action = [
    { log: { level: 'error', message: 'settings failed to load' } },
    { crash: 'IllegalStateException: settings unavailable' },
  ];
  return model;
}

const STEPS = ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'Tap Settings', 'Tap Item 1'];

describe('device logs and crashes of runs', () => {
  let f: EngineFixture;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    f = await createEngineFixture({
      devices: androidPhones(2),
      model: plantedModel(),
      app: { clock: systemClock, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
    });
    const hook = await api(f.t, f.org.admin.token, 'POST', '/integrations/webhooks', {
      url: receiver.url('/hook'),
      event_types: ['app.crashed'],
    });
    expect(hook.statusCode, hook.body).toBe(200);
  });
  afterAll(async () => {
    await f?.close();
    await receiver?.close();
  });

  it('a crash fails its step at once with the excerpt; the run keeps its log lines with their steps; app.crashed is delivered', async () => {
    const sessionId = await activeSession(f);
    const suiteId = await createSuite(f);
    const caseId = await createCase(f, suiteId, { mode: 'ai', steps: STEPS });
    const run = await runCase(f, caseId, sessionId, {}, 60_000);
    expect(run.status).toBe('failed');
    const steps = run.result.steps as Array<{ status: string; error: string | null; crash?: Record<string, string> }>;
    expect(steps.map((s) => s.status)).toEqual(['passed', 'passed', 'passed', 'failed', 'skipped']);
    expect(steps[3]!.error).toBe('The app crashed: IllegalStateException: settings unavailable');
    expect(steps[3]!.crash).toEqual({
      message: 'IllegalStateException: settings unavailable',
      log_excerpt: expect.stringMatching(/^FATAL EXCEPTION: main\nProcess: dev\.simdeck\.sample, PID: \d+\n/),
    });
    expect(run.error_message).toBe('Step 4 failed: The app crashed: IllegalStateException: settings unavailable');

    // The run's slice: the app's screens in order, each with the step during which it was shown.
    const logs = await api(f.t, f.org.viewer.token, 'GET', `/tests/runs/${run.public_id}/logs`);
    expect(logs.statusCode, logs.body).toBe(200);
    const lines = logs.json().lines as Array<{
      step_index: number | null;
      message: string;
      level: string;
      source: string;
    }>;
    const screens = lines.filter((l) => l.message.startsWith('Screen shown'));
    expect(screens.map((l) => [l.step_index, l.message])).toEqual([
      [null, 'Screen shown: signin (Sign in)'],
      [2, 'Screen shown: items (Items)'],
    ]);
    expect(lines.find((l) => l.message.startsWith('signing in'))).toMatchObject({
      step_index: 2,
      message: 'signing in demo with ••••',
      source: 'app',
    });
    expect(logs.body).not.toContain('secret');
    const fatal = lines.filter((l) => l.level === 'fatal');
    expect(fatal.length).toBeGreaterThan(2);
    expect(new Set(fatal.map((l) => l.step_index))).toEqual(new Set([3]));
    // Filters: level (and above) and text.
    const errors = await api(
      f.t,
      f.org.viewer.token,
      'GET',
      `/tests/runs/${run.public_id}/logs?level=error&q=SETTINGS`,
    );
    expect(errors.json().lines.map((l: { message: string }) => l.message)).toEqual([
      'settings failed to load',
      'java.lang.RuntimeException: IllegalStateException: settings unavailable',
    ]);

    const crashed = (await eventsOf(f.t, f.org.orgId)).filter((e) => e.type === 'app.crashed');
    expect(crashed).toEqual([
      {
        type: 'app.crashed',
        data: expect.objectContaining({
          session_id: sessionId,
          run_public_id: run.public_id,
          step_index: 3,
          package_name: 'dev.simdeck.sample',
          message: 'IllegalStateException: settings unavailable',
        }),
      },
    ]);
    const delivered = await receiver.waitFor(
      (r) => r.some((d) => d.json?.type === 'app.crashed'),
      'the app.crashed delivery',
      30_000,
    );
    expect(delivered.find((d) => d.json?.type === 'app.crashed')!.json.data).toMatchObject({ step_index: 3 });

    // The session keeps every line (also those before the run), paged by cursor.
    const all = await api(f.t, f.org.viewer.token, 'GET', `/sessions/${sessionId}/logs?limit=3`);
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json() as { lines: Array<{ seq: number; at: string; message: string }>; next_since: number };
    expect(page.lines).toHaveLength(3);
    expect(page.lines[0]!.message).toMatch(/booted/);
    expect(page.lines[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
    const next = await api(
      f.t,
      f.org.viewer.token,
      'GET',
      `/sessions/${sessionId}/logs?since=${page.next_since}&limit=1000`,
    );
    const rest = next.json().lines as Array<{ seq: number }>;
    expect(rest[0]!.seq).toBe(page.next_since + 1);
    expect(rest.map((l) => l.seq)).toEqual(rest.map((_, i) => page.next_since + 1 + i));
    const bad = await api(f.t, f.org.viewer.token, 'GET', `/sessions/${sessionId}/logs?level=loud`);
    expect(bad.statusCode).toBe(400);
  });

  it("a session's lines outlive it: the last ones are read before its device is reset", async () => {
    // Nobody read this session's log while it ran: what it keeps was read at its end.
    const sessionId = await activeSession(f);
    const stopped = await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${sessionId}`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    const lines = await waitFor(async () => {
      const r = await api(f.t, f.org.viewer.token, 'GET', `/sessions/${sessionId}/logs`);
      const l = r.json().lines as Array<{ message: string }>;
      return l.length > 0 ? l : undefined;
    }, 'the ended session to keep its log');
    expect(lines[0]!.message).toMatch(/booted/);
    const other = await api(f.t, f.org.viewer.token, 'GET', '/sessions/not-a-session/logs');
    expect(other.statusCode).toBe(404);
  });
});
