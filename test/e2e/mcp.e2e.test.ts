import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import type { WorkerClient } from '../../src/worker/worker-client';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import { androidPhones, uploadSample } from '../harness/engine-fixture';
import { signup } from '../harness/factories';
import { api, connectWorker, createLiveApp, waitFor, type LiveApp } from '../harness/sessions-factories';

type Content = Array<{ type: string; text?: string; data?: string; mimeType?: string }>;

/**
 * `simdeck mcp` as a coding agent's MCP client sees it: the SDK's own Client spawns the real
 * binary over stdio against a live server with one virtual Android phone and the sample app.
 */
describe('simdeck mcp', () => {
  let t: LiveApp;
  let worker: WorkerClient;
  let client: Client;
  let token: string;
  let appId: string;
  let sessionId: string;
  let caseId: string;
  const logs: string[] = [];

  const textOf = (r: Record<string, unknown>) => ((r.content ?? []) as Content).map((c) => c.text ?? '').join('\n');
  const refIn = (text: string, pattern: RegExp) => {
    const line = text.split('\n').find((l) => pattern.test(l));
    if (!line) throw new Error(`no element matches ${pattern} in:\n${text}`);
    return line.trim().split(' ')[0]!;
  };
  const tool = async (name: string, args: Record<string, unknown>) => {
    const r = await client.callTool({ name, arguments: args });
    if (r.isError) throw new Error(`${name}: ${textOf(r)}`);
    return r;
  };

  beforeAll(async () => {
    t = await createLiveApp({ clock: systemClock, env: { DEFAULT_PLAN: 'enterprise' } });
    worker = await connectWorker(
      t,
      createVirtualDriver({ devices: androidPhones(1), dataDir: t.dataDir }),
      'mcp-worker',
    );
    const account = await signup(t, { organizationName: 'Agent Team' });
    ({ appId } = await uploadSample(t, account.token));
    token = (
      await api(t, account.token, 'POST', `/organizations/${account.orgId}/api-tokens`, {
        label: 'mcp',
        role: 'developer',
      })
    ).json().token;
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        (e): e is [string, string] => typeof e[1] === 'string' && !e[0].startsWith('SIMDECK_'),
      ),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.resolve('bin/simdeck.js'), 'mcp'],
      env: { ...env, SIMDECK_URL: t.baseUrl, SIMDECK_TOKEN: token },
      stderr: 'pipe',
    });
    client = new Client({ name: 'simdeck-test-agent', version: '1.0.0' });
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(String(n.params.data));
    });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
    await worker?.close();
    await t?.close();
  });

  it('lists its tools, each with a JSON schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(
      [
        'double_tap',
        'go_back',
        'install_build',
        'list_builds',
        'long_press',
        'set_orientation',
        'launch_app',
        'list_apps',
        'list_devices',
        'press_key',
        'read_logs',
        'run_test',
        'screenshot',
        'scroll_until',
        'start_recording',
        'start_session',
        'stop_recording',
        'stop_session',
        'swipe',
        'tap',
        'type_text',
        'ui_tree',
        'open_url',
        'set_location',
        'set_permission',
        'set_clipboard',
        'get_clipboard',
        'add_media',
        'set_appearance',
        'send_push',
        'set_network',
      ].sort(),
    );
    const tap = tools.find((x) => x.name === 'tap')!;
    expect(tap.inputSchema).toMatchObject({
      type: 'object',
      required: ['session_id'],
      properties: {
        ref: expect.any(Object),
        x: expect.any(Object),
        y: expect.any(Object),
        session_id: expect.any(Object),
      },
    });
    expect(tools.find((x) => x.name === 'start_session')!.inputSchema.required).toEqual(['platform']);
  });

  it('starts a session (reporting its progress), signs in by tapping refs, and reads the next screen', async () => {
    const progress: string[] = [];
    const started = await client.callTool(
      { name: 'start_session', arguments: { platform: 'android', category: 'phone', app_id: appId } },
      undefined,
      { onprogress: (p) => void progress.push(String(p.message)), timeout: 120_000 },
    );
    expect(started.isError, textOf(started)).toBeFalsy();
    const session = JSON.parse(textOf(started));
    expect(session).toMatchObject({ status: 'active', device_type: 'android', device_name: 'Pixel 8 (1)' });
    sessionId = session.session_id;
    expect(progress.length, 'progress notifications').toBeGreaterThan(0);
    expect(progress.every((m) => m.startsWith(`session ${sessionId}: `))).toBe(true);
    expect(logs).toEqual(expect.arrayContaining(progress));

    const tree = textOf(await tool('ui_tree', { session_id: sessionId }));
    // Fields are listed with the label a person reads beside them.
    expect(tree).toMatch(/ input label "Username" #username /);
    expect(tree).toMatch(/ input label "Password" #password /);
    // Sign in is disabled until a username is typed: a tap on it (by point too) is refused.
    const disabled = /(e\d+) button "Sign in" #\S+ \[(\d+),(\d+) (\d+)x(\d+)\] disabled/.exec(tree)!;
    expect(disabled, tree).not.toBeNull();
    const [x, y] = [Number(disabled[2]) + Number(disabled[4]) / 2, Number(disabled[3]) + Number(disabled[5]) / 2];
    for (const args of [{ ref: disabled[1] }, { x, y }]) {
      const refusedTap = await client.callTool({ name: 'tap', arguments: { session_id: sessionId, ...args } });
      expect([refusedTap.isError, textOf(refusedTap)]).toEqual([true, expect.stringMatching(/^Not done: .*disabled/)]);
    }
    // A key for a field with no field focused goes nowhere: refused, not "pressed".
    const enter = await client.callTool({ name: 'press_key', arguments: { session_id: sessionId, key: 'ENTER' } });
    expect([enter.isError, textOf(enter)]).toEqual([
      true,
      expect.stringMatching(/^Not done: nothing has the keyboard focus/),
    ]);
    await tool('type_text', { session_id: sessionId, ref: refIn(tree, /input .*#username/), text: 'demo' });
    const typed = textOf(
      await tool('type_text', { session_id: sessionId, ref: refIn(tree, /input .*#password/), text: 'secret' }),
    );
    const signIn = refIn(typed, /button "Sign in"/);
    const tapped = textOf(await tool('tap', { session_id: sessionId, ref: signIn }));
    expect(tapped).toMatch(/^tapped .*Sign in/);
    const after = textOf(await tool('ui_tree', { session_id: sessionId }));
    expect(after).toContain('"Items"');
    expect(after).not.toContain('#username');

    const shot = await tool('screenshot', { session_id: sessionId });
    expect((shot.content as Content)[0]).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
      data: expect.stringMatching(/^iVBORw0KGgo/),
    });
    expect(textOf(await tool('list_apps', { session_id: sessionId }))).toContain('dev.simdeck.sample');

    // The device log: the screens in order, filtered by text; a recording of the session.
    const log = textOf(await tool('read_logs', { session_id: sessionId, q: 'Screen shown' }));
    expect(log).toMatch(
      /INFO +app dev\.simdeck\.sample: Screen shown: signin \(Sign in\)\n.*Screen shown: items \(Items\)/,
    );
    expect(log).toMatch(/\(next_since: \d+\)$/);
    const recording = JSON.parse(textOf(await tool('start_recording', { session_id: sessionId })));
    expect(recording).toMatchObject({
      status: 'recording',
      url: expect.stringMatching(/^\/api\/v1\/recordings\/rec_/),
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(JSON.parse(textOf(await tool('stop_recording', { session_id: sessionId })))).toMatchObject({
      recording_id: recording.recording_id,
      status: 'ready',
    });
    const none = await client.callTool({ name: 'read_logs', arguments: {} });
    expect([none.isError, textOf(none)]).toEqual([true, 'read_logs needs a session_id or a run_id']);
  }, 120_000);

  it('opens links, sets location, clipboard, appearance, network and permissions, adds media and sends a notification', async () => {
    const session_id = sessionId;
    expect(textOf(await tool('open_url', { session_id, url: 'sample://items/3' }))).toBe('Opened sample://items/3');
    expect(textOf(await tool('ui_tree', { session_id }))).toContain('Item 3');
    await tool('set_clipboard', { session_id, text: "the agent's text" });
    expect(textOf(await tool('get_clipboard', { session_id }))).toBe("the agent's text");
    await tool('set_location', { session_id, latitude: 52.52, longitude: 13.4 });
    await tool('set_appearance', { session_id, mode: 'dark' });
    await tool('set_network', { session_id, mode: 'offline' });
    await tool('set_permission', {
      session_id,
      permission: 'camera',
      state: 'reset',
      package_name: 'dev.simdeck.sample',
    });
    const file = path.join(t.dataDir, 'beach.jpg');
    fs.writeFileSync(file, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]));
    expect(textOf(await tool('add_media', { session_id, file_path: file }))).toBe('Added beach.jpg');
    await tool('open_url', { session_id, url: 'sample://device' });
    const screen = textOf(await tool('ui_tree', { session_id }));
    expect(screen).toContain('Location: 52.52, 13.4');
    expect(screen).toContain('Appearance: dark');
    expect(screen).toContain('Offline: changes will sync later');
    await tool('send_push', { session_id, title: 'Order shipped', body: 'Soon', data: { orderId: 'A-3' } });
    expect(textOf(await tool('ui_tree', { session_id }))).toContain('Order shipped');
    await tool('set_network', { session_id, mode: 'online' });
  }, 120_000);

  it('start_session waits in the queue while the device is busy, reporting the position', async () => {
    const progress: string[] = [];
    const pending = client.callTool({ name: 'start_session', arguments: { platform: 'android' } }, undefined, {
      onprogress: (p) => void progress.push(String(p.message)),
      timeout: 120_000,
    });
    await waitFor(() => progress.some((m) => /queued: position 1$/.test(m)), 'the queue position', 30_000);
    // The first session leaves; the queued one gets the device.
    expect(textOf(await tool('stop_session', { session_id: sessionId }))).toContain('"status": "ok"');
    const started = await pending;
    const session = JSON.parse(textOf(started));
    expect(session).toMatchObject({ status: 'active', device_name: 'Pixel 8 (1)' });
    sessionId = session.session_id;
  }, 120_000);

  it('errors come back as isError results with the API detail', async () => {
    const stale = await client.callTool({ name: 'tap', arguments: { session_id: sessionId, ref: 'e999' } });
    expect([stale.isError, textOf(stale)]).toEqual([
      true,
      'tap: there is no element e999 on this screen; use a ref from the element list (HTTP 422)',
    ]);
    const unknown = await client.callTool({ name: 'ui_tree', arguments: { session_id: 'no-such-session' } });
    expect([unknown.isError, textOf(unknown)]).toEqual([true, 'Session not found (HTTP 404)']);
    const bad = await client.callTool({ name: 'swipe', arguments: { session_id: sessionId, direction: 'sideways' } });
    expect(bad.isError).toBe(true);
  });

  it('stops the session; the resources list the suites and their recent runs', async () => {
    expect(textOf(await tool('stop_session', { session_id: sessionId }))).toContain('"status": "ok"');
    const stopped = await client.callTool({ name: 'ui_tree', arguments: { session_id: sessionId } });
    expect([stopped.isError, textOf(stopped)]).toEqual([true, 'Session is not active (status stopped) (HTTP 409)']);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['simdeck://runs/recent', 'simdeck://suites']);
    const suites = await client.readResource({ uri: 'simdeck://suites' });
    expect(JSON.parse(String((suites.contents[0] as { text: string }).text))).toEqual([]);
  });

  it('run_test runs a saved case on a device the server allocates and returns its steps; the resources list the suite and the case’s runs', async () => {
    const dev = (method: 'POST' | 'PATCH', url: string, body: unknown) => api(t, token, method, url, body);
    const suite = (await dev('POST', '/tests/suites', { name: 'Agent smoke', app_public_id: appId })).json();
    await dev('PATCH', `/tests/suites/${suite.public_id}`, { reset_strategy: 'clear_data' });
    const testCase = (
      await dev('POST', `/tests/suites/${suite.public_id}/cases`, {
        name: 'Sign in',
        mode: 'ai',
        steps: ['type demo into Username', 'type secret into Password', 'Tap Sign in'],
      })
    ).json();
    const progress: string[] = [];
    const ran = await client.callTool({ name: 'run_test', arguments: { test_id: testCase.public_id } }, undefined, {
      onprogress: (p) => void progress.push(String(p.message)),
      timeout: 120_000,
    });
    caseId = testCase.public_id;
    const result = JSON.parse(textOf(ran));
    expect(result, textOf(ran)).toMatchObject({ type: 'test_run', status: 'passed', error_message: null });
    expect(
      result.results.map((r: { index: number; status: string; text: string }) => [r.index, r.status, r.text]),
    ).toEqual([
      [0, 'passed', 'type demo into Username'],
      [1, 'passed', 'type secret into Password'],
      [2, 'passed', 'Tap Sign in'],
    ]);
    expect(progress).toContain('Accepted');
    const failing = await client.callTool({
      name: 'run_test',
      arguments: { test_id: testCase.public_id, suite_id: suite.public_id },
    });
    expect([failing.isError, textOf(failing)]).toEqual([true, 'Give exactly one of test_id and suite_id']);
    const suites = JSON.parse(
      String(((await client.readResource({ uri: 'simdeck://suites' })).contents[0] as { text: string }).text),
    );
    expect(suites).toEqual([expect.objectContaining({ id: suite.public_id, name: 'Agent smoke', case_count: 1 })]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate)).toEqual(['simdeck://cases/{case_id}/runs']);
    const runs = JSON.parse(
      String(
        (
          (await client.readResource({ uri: `simdeck://cases/${testCase.public_id}/runs` })).contents[0] as {
            text: string;
          }
        ).text,
      ),
    );
    expect(runs).toEqual([expect.objectContaining({ public_id: expect.stringMatching(/^run_/), status: 'passed' })]);
  }, 120_000);

  it('installs a build by the ids its tools return, double-taps, long-presses, turns the device, and runs a case on the session it holds', async () => {
    const started = await client.callTool({ name: 'start_session', arguments: { platform: 'android' } }, undefined, {
      timeout: 120_000,
    });
    const held = JSON.parse(textOf(started)).session_id as string;
    const builds = JSON.parse(textOf(await tool('list_builds', { app_id: appId })));
    expect(builds).toMatchObject({ app_id: appId, package_name: 'dev.simdeck.sample' });
    expect(builds.builds).toEqual([expect.objectContaining({ id: expect.any(Number), version: '1.2.0' })]);
    // By the app's public id (its newest build), or by a build id list_builds gave.
    expect(
      textOf(
        await tool('install_build', { session_id: held, build_id: builds.builds[0].id, launch_after_install: false }),
      ),
    ).toMatch(/^installed dev\.simdeck\.sample 1\.2\.0\n/);
    expect(textOf(await tool('install_build', { session_id: held, app_id: appId }))).toMatch(
      /^installed dev\.simdeck\.sample 1\.2\.0 and launched it/,
    );
    const none = await client.callTool({ name: 'install_build', arguments: { session_id: held } });
    expect([none.isError, textOf(none)]).toEqual([true, 'Give app_id (its newest build) or build_id']);

    const tree = textOf(await tool('ui_tree', { session_id: held }));
    const username = refIn(tree, /input .*#username/);
    expect(textOf(await tool('double_tap', { session_id: held, ref: username }))).toMatch(/^double-tapped input/);
    expect(textOf(await tool('long_press', { session_id: held, ref: username }))).toMatch(/^long-pressed input/);
    const turned = textOf(await tool('set_orientation', { session_id: held, orientation: 'landscape' }));
    const [w, h] = /Screen (\d+)x(\d+)/.exec(turned)!.slice(1).map(Number);
    expect([turned.split('\n')[0], w! > h!]).toEqual(['turned to landscape', true]);
    await tool('set_orientation', { session_id: held, orientation: 'portrait' });

    const progress: string[] = [];
    const logsBefore = logs.length;
    const ran = await client.callTool(
      { name: 'run_test', arguments: { test_id: caseId, session_id: held } },
      undefined,
      { onprogress: (p) => void progress.push(String(p.message)), timeout: 120_000 },
    );
    const result = JSON.parse(textOf(ran));
    expect(result, textOf(ran)).toMatchObject({ type: 'test_run', session_id: held, status: 'passed' });
    expect(result.results.map((r: { step: number; status: string }) => [r.step, r.status])).toEqual([
      [1, 'passed'],
      [2, 'passed'],
      [3, 'passed'],
    ]);
    // Each step is reported as a progress notification and as a log message. The SDK's client
    // handles a notification a microtask after reading it but forgets a request's progress
    // handler as soon as its result is read, so progress that arrives in the same read as the
    // result (a run that ends before the server's first poll) is dropped by the client; the log
    // messages are not tied to the request and always arrive.
    const logged = logs.slice(logsBefore);
    expect(logged).toContain('step 1 passed: type demo into Username');
    expect(progress.every((p) => logged.includes(p))).toBe(true);
    // It ran on the held session: no CI run allocated another device, and the session is still the agent's.
    const session = (await api(t, token, 'GET', `/sessions/${held}`)).json();
    expect(session.status).toBe('active');
    await tool('stop_session', { session_id: held });
  }, 180_000);
});
