import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  runCase,
  SAMPLE_PACKAGE,
  stepSummary,
  type EngineFixture,
} from '../harness/engine-fixture';
import { api, waitFor } from '../harness/sessions-factories';

/**
 * The device capabilities in runs on a virtual phone with the sample app: a case written in plain
 * English (the interpreter's device phrases) and a recorded case (replay) reach the same device
 * state, and the device starts the next session with its defaults.
 */
describe('device capabilities in test runs', () => {
  let f: EngineFixture;
  let suiteId: string;

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(1) });
    suiteId = await createSuite(f);
  });
  afterAll(async () => {
    await f?.close();
  });

  let deviceId = '';
  const deviceOf = () => f.driver.device(deviceId);
  const start = async () => {
    const id = await activeSession(f);
    deviceId = (await api(f.t, f.org.developer.token, 'GET', `/sessions/${id}`)).json().device_id;
    return id;
  };

  it('a case in plain English opens links, sets location, appearance, network and permissions, pastes and reads them back', async () => {
    const session = await start();
    const steps = [
      'Open the link sample://items/3',
      'The screen title is Item 3',
      'Set the location to 52.52, 13.40',
      'Switch to dark mode',
      'Go offline',
      'Open the link sample://device',
      'Deny camera access',
      'Tap Take a photo',
      'Set the clipboard to "pasted note"',
      'Paste the clipboard into Notes',
    ];
    const caseId = await createCase(f, suiteId, {
      steps,
      assertions: [
        'I can see "Location: 52.52, 13.4"',
        'I can see "Appearance: dark"',
        'I can see "Offline: changes will sync later"',
        'I can see "Camera allowed: false"',
      ],
    });
    const run = await runCase(f, caseId, session, { mode: 'hybrid' }, 60_000);
    expect(run.status, JSON.stringify(run.result?.steps?.find((s) => s.status !== 'passed') ?? run.error_message)).toBe(
      'passed',
    );
    expect(stepSummary(run).every(([, status]) => status === 'passed')).toBe(true);
    expect(run.result.steps[0]!.actions).toEqual([
      expect.objectContaining({ type: 'open_url', url: 'sample://items/3' }),
    ]);
    expect(run.result.steps[6]!.actions).toEqual([
      expect.objectContaining({
        type: 'set_permission',
        permission: 'camera',
        state: 'denied',
        package_name: SAMPLE_PACKAGE,
      }),
    ]);
    expect(deviceOf().appVars(SAMPLE_PACKAGE)?.notes).toBe('pasted note');

    // The next session on the phone starts with the device's defaults.
    await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${session}`);
    await waitFor(() => !deviceOf().booted, 'the phone to shut down');
    const next = await start();
    expect(deviceOf().conditions.values).toMatchObject({ appearance: 'light', online: true, latitude: 37.3349 });
    await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${next}`);
    await waitFor(() => !deviceOf().booted, 'the phone to shut down');
  }, 120_000);

  it('a recorded case replays the capability actions it keeps', async () => {
    const session = await start();
    const caseId = await createCase(f, suiteId, {
      mode: 'recorded',
      steps: [
        { text: 'Open the link sample://device', action_indices: [0] },
        { text: 'Switch to dark mode', action_indices: [1] },
        { text: 'Set the location to -33.86, 151.21', action_indices: [2] },
        { text: 'Go offline', action_indices: [3] },
      ],
      assertions: ['I can see "Location: -33.86, 151.21"', 'I can see "Appearance: dark"'],
      source_recording: [
        { type: 'open_url', t_ms: 0, url: 'sample://device' },
        { type: 'set_appearance', t_ms: 500, mode: 'dark' },
        { type: 'set_location', t_ms: 900, latitude: -33.86, longitude: 151.21 },
        { type: 'set_network', t_ms: 1300, mode: 'offline' },
      ],
      source_device_width: 393,
      source_device_height: 852,
    });
    const run = await runCase(f, caseId, session, { mode: 'replay' }, 60_000);
    expect(run.status, JSON.stringify(run.result?.steps?.find((s) => s.status !== 'passed') ?? run.error_message)).toBe(
      'passed',
    );
    expect(stepSummary(run)).toEqual([0, 1, 2, 3].map((i) => [i, 'passed', 'replay']));
    expect(deviceOf().conditions.values).toMatchObject({ appearance: 'dark', online: false, longitude: 151.21 });
    const bad = await api(f.t, f.org.developer.token, 'POST', `/tests/suites/${suiteId}/cases`, {
      name: 'bad recording',
      mode: 'recorded',
      steps: ['Open it'],
      source_recording: [{ type: 'open_url', t_ms: 0, url: 'javascript:alert(1)' }],
    });
    expect(bad.statusCode).toBe(400);
    await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${session}`);
  }, 120_000);
});
