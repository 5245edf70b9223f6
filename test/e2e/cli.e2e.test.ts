import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk, SAMPLE_MODEL_PATH } from '../../examples/build-sample-app';
import { systemClock } from '../../src/clock';
import type { WorkerClient } from '../../src/worker/worker-client';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import { CliRunner } from '../harness/cli-runner';
import { androidPhones } from '../harness/engine-fixture';
import { PASSWORD, signup } from '../harness/factories';
import { api, connectWorker, createLiveApp, waitFor, type LiveApp } from '../harness/sessions-factories';

/**
 * The `simdeck` binary as people and pipelines use it, spawned as a separate process against a
 * live server with one virtual Android phone: login, the sample app uploaded with progress,
 * suites run with --wait and --junit (exit 0 passed, 1 failed), --json output, and API errors.
 */
const SIGN_IN = ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'verify "Items" is visible'];
const NO_STACK = /\n\s+at .*\(|node:internal|\.ts:\d+/;

function parseXml(file: string) {
  const doc = new DOMParser({
    onError: (level, msg) => {
      if (level !== 'warning') throw new Error(msg);
    },
  }).parseFromString(fs.readFileSync(file, 'utf8'), 'text/xml');
  const all = (name: string) => Array.from(doc.getElementsByTagName(name)) as XmlElement[];
  return { root: doc.documentElement!, all };
}

describe('the simdeck CLI', () => {
  let t: LiveApp;
  let worker: WorkerClient;
  let cli: CliRunner;
  let email: string;
  let apiToken: string;
  let accessToken: string;
  let apkPath: string;
  let appId: string;
  let passing: string;
  let failing: string;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    api(t, accessToken, method, url, body);
  async function suite(name: string, steps: string[]) {
    const s = (await call('POST', '/tests/suites', { name, app_public_id: appId, tags: ['cli'] })).json();
    await call('PATCH', `/tests/suites/${s.public_id}`, { reset_strategy: 'clear_data' });
    expect(
      (await call('POST', `/tests/suites/${s.public_id}/cases`, { name: `${name} case`, mode: 'ai', steps }))
        .statusCode,
    ).toBe(200);
    return s.public_id as string;
  }

  beforeAll(async () => {
    t = await createLiveApp({ clock: systemClock, env: { DEFAULT_PLAN: 'enterprise' } });
    worker = await connectWorker(
      t,
      createVirtualDriver({ devices: androidPhones(1), dataDir: t.dataDir }),
      'cli-worker',
    );
    const account = await signup(t, { organizationName: 'Terminal Team' });
    ({ token: accessToken, email } = account);
    apiToken = (
      await call('POST', `/organizations/${account.orgId}/api-tokens`, { label: 'cli', role: 'developer' })
    ).json().token;
    apkPath = path.join(t.dataDir, 'sample.apk');
    await buildSampleApk(apkPath, fs.readFileSync(SAMPLE_MODEL_PATH));
    cli = new CliRunner();
  });
  afterAll(async () => {
    cli?.cleanup();
    await worker?.close();
    await t?.close();
  });

  it('login stores the URL and token (mode 600), whoami reads it back, logout forgets it; env overrides', async () => {
    const login = await cli.run(['login', '--url', `${t.baseUrl}/`, '--token', apiToken]);
    expect(login, login.stderr).toMatchObject({ code: 0 });
    expect(login.stdout).toContain(`Logged in to ${t.baseUrl} (Terminal Team)`);
    expect(fs.statSync(cli.configFile).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(cli.configFile, 'utf8'))).toMatchObject({
      url: t.baseUrl,
      token: apiToken,
      kind: 'api_token',
      organization_name: 'Terminal Team',
    });
    const who = await cli.run(['whoami', '--json']);
    expect(JSON.parse(who.stdout)).toMatchObject({
      url: t.baseUrl,
      source: 'config',
      kind: 'api_token',
      organizations: [{ name: 'Terminal Team' }],
    });

    expect((await cli.run(['logout'])).code).toBe(0);
    expect(fs.existsSync(cli.configFile)).toBe(false);
    const out = await cli.run(['whoami']);
    expect([out.code, out.stderr.trim()]).toEqual([
      2,
      'error: Not logged in: run `simdeck login --url <server>` (it asks for the API token), or set SIMDECK_URL and SIMDECK_TOKEN',
    ]);
    const viaEnv = await cli.run(['whoami', '--json'], { SIMDECK_URL: t.baseUrl, SIMDECK_TOKEN: apiToken });
    expect(JSON.parse(viaEnv.stdout)).toMatchObject({ source: 'env', organizations: [{ name: 'Terminal Team' }] });

    const withPassword = await cli.run(['login', '--url', t.baseUrl, '--email', email, '--json'], {
      SIMDECK_PASSWORD: PASSWORD,
    });
    expect(JSON.parse(withPassword.stdout)).toMatchObject({
      url: t.baseUrl,
      kind: 'access_token',
      email,
      role: 'admin',
      organization_name: 'Terminal Team',
    });
    expect(withPassword.stdout).not.toContain('token":');
    const wrong = await cli.run(['login', '--url', t.baseUrl, '--email', email, '--password', 'not-the-password']);
    expect([wrong.code, wrong.stderr.trim().split('\n').at(-1)]).toEqual([
      2,
      'error: Invalid email or password (HTTP 401)',
    ]);
    // Back to the API token for the rest.
    expect((await cli.run(['login', '--url', t.baseUrl, '--token', apiToken])).code).toBe(0);
  }, 120_000);

  it('login takes the token from SIMDECK_TOKEN, standard input or a prompt that does not echo it; --token warns', async () => {
    const other = new CliRunner();
    const stored = () => JSON.parse(fs.readFileSync(other.configFile, 'utf8')).token;
    const WARNING =
      'warning: --token puts the secret where `ps` and your shell history show it; prefer SIMDECK_TOKEN, --token-stdin, or the prompt';
    try {
      const onCommandLine = await other.run(['login', '--url', t.baseUrl, '--token', apiToken]);
      expect(onCommandLine.code, onCommandLine.stderr).toBe(0);
      expect(onCommandLine.stderr.trim()).toBe(WARNING);

      const fromEnv = await other.run(['login', '--url', t.baseUrl], { SIMDECK_TOKEN: apiToken });
      expect([fromEnv.code, fromEnv.stderr]).toEqual([0, '']);
      expect(stored()).toBe(apiToken);
      other.cleanup();

      const fromStdin = await other.run(['login', '--url', t.baseUrl, '--token-stdin'], {}, 60_000, `${apiToken}\n`);
      expect([fromStdin.code, fromStdin.stderr]).toEqual([0, '']);
      expect(stored()).toBe(apiToken);
      // Piped without the flag: the same.
      const piped = await other.run(['login', '--url', t.baseUrl, '--json'], {}, 60_000, apiToken);
      expect([piped.code, piped.stderr]).toEqual([0, '']);
      expect(piped.stdout).not.toContain(apiToken);

      const none = await other.run(['login', '--url', t.baseUrl], {}, 60_000, '');
      expect([none.code, none.stderr.trim()]).toEqual([
        2,
        'error: no API token: set SIMDECK_TOKEN, pipe it in (--token-stdin), or run on a terminal to be asked; or sign in with --email',
      ]);
      const password = await other.run(
        ['login', '--url', t.baseUrl, '--email', email, '--password-stdin'],
        {},
        60_000,
        PASSWORD,
      );
      expect([password.code, password.stderr]).toEqual([0, '']);

      // On a terminal it asks, and what is typed is not shown.
      other.cleanup();
      const tty = other.startOnTerminal(['login', '--url', t.baseUrl]);
      await waitFor(() => tty.out.stdout.includes('API token (tok_…): '), 'the prompt', 30_000);
      tty.child.stdin!.write(`${apiToken}\r`);
      const asked = await tty.done;
      expect(asked.code, asked.stdout).toBe(0);
      expect(asked.stdout).toContain(`Logged in to ${t.baseUrl}`);
      expect(asked.stdout).not.toContain(apiToken);
      expect(stored()).toBe(apiToken);
    } finally {
      other.cleanup();
    }
  }, 120_000);

  it('uploads the sample app: a progress bar when asked (or on a terminal), none in a pipe; --json is the API answer', async () => {
    const quiet = await cli.run(['apps', 'upload', apkPath, '--json']);
    expect(quiet, quiet.stderr).toMatchObject({ code: 0, stderr: '' });
    const uploaded = JSON.parse(quiet.stdout);
    expect(uploaded).toMatchObject({
      package_name: 'dev.simdeck.sample',
      platform: 'android',
      public_id: expect.any(String),
    });
    appId = uploaded.public_id;

    const shown = await cli.run(['apps', 'upload', apkPath, '--app', appId, '--note', 'from the cli', '--progress']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stderr).toMatch(/\rUploading .*sample\.apk \[#{30}\] 100% /);
    expect(shown.stdout).toMatch(new RegExp(`^Uploaded build \\d+ .* of ${appId}`));

    const list = await cli.run(['apps', 'list', '--json']);
    expect(JSON.parse(list.stdout).map((a: { public_id: string }) => a.public_id)).toEqual([appId]);
    const table = await cli.run(['apps', 'list']);
    expect(table.stdout.split('\n')[0]).toMatch(/^PUBLIC_ID\s+NAME\s+PACKAGE_NAME\s+PLATFORM\s+UPDATED_AT$/);
  }, 90_000);

  it('run suite --wait --junit: a passing suite exits 0, a failing one 1; both reports parse as JUnit', async () => {
    passing = await suite('Sign in', SIGN_IN);
    failing = await suite('Broken welcome', [...SIGN_IN.slice(0, 3), 'verify "Welcome back, nobody" is visible']);
    const okXml = path.join(cli.home, 'pass.xml');
    const ok = await cli.run([
      'run',
      'suite',
      passing,
      '--wait',
      '--junit',
      okXml,
      '--commit-sha',
      'a'.repeat(40),
      '--metadata',
      'pipeline=cli-1',
      '--poll-interval',
      '0.5',
    ]);
    expect(ok.code, `${ok.stdout}\n${ok.stderr}`).toBe(0);
    expect(ok.stdout).toMatch(/^Started ci_\w+/);
    expect(ok.stdout).toContain('Case "Sign in case", step 3 passed: Tap Sign in');
    expect(ok.stdout).toMatch(/Run passed \(http:\/\/simdeck\.test\/ci\/runs\/ci_\w+\)/);
    const pass = parseXml(okXml);
    expect(pass.root.tagName).toBe('testsuites');
    expect(['tests', 'failures', 'errors'].map((a) => pass.root.getAttribute(a))).toEqual(['1', '0', '0']);
    const [okSuite] = pass.all('testsuite');
    expect([okSuite!.getAttribute('name'), okSuite!.getAttribute('tests'), okSuite!.getAttribute('failures')]).toEqual([
      'Sign in',
      '1',
      '0',
    ]);
    expect(pass.all('testcase').map((c) => [c.getAttribute('name'), c.getAttribute('classname')])).toEqual([
      ['Sign in case', 'Sign in'],
    ]);
    expect(
      pass
        .all('property')
        .find((p) => p.getAttribute('name') === 'commit_sha')!
        .getAttribute('value'),
    ).toBe('a'.repeat(40));

    const badXml = path.join(cli.home, 'fail.xml');
    const bad = await cli.run(['run', 'suite', failing, '--wait', '--junit', badXml, '--poll-interval', '0.5']);
    expect(bad.code, `${bad.stdout}\n${bad.stderr}`).toBe(1);
    expect(bad.stdout).toContain('Run failed');
    const fail = parseXml(badXml);
    expect(['tests', 'failures', 'errors'].map((a) => fail.root.getAttribute(a))).toEqual(['1', '1', '0']);
    const failure = fail.all('failure')[0]!;
    expect(failure.getAttribute('message')).toBe(
      'Step 4 failed: Check failed: no element matches "Welcome back, nobody" on this screen',
    );
    expect(failure.parentNode && (failure.parentNode as XmlElement).getAttribute('name')).toBe('Broken welcome case');
  }, 180_000);

  it('--json output parses: suites, devices, a run followed to its end', async () => {
    const suites = JSON.parse((await cli.run(['suites', 'list', '--tags', 'cli', '--json'])).stdout);
    expect(suites.map((s: { name: string }) => s.name).sort()).toEqual(['Broken welcome', 'Sign in']);
    const devices = JSON.parse((await cli.run(['devices', '--json'])).stdout);
    expect(devices).toEqual([expect.objectContaining({ type: 'android', category: 'phone', name: 'Pixel 8 (1)' })]);
    const run = await cli.run(['run', 'suite', passing, '--wait', '--json', '--poll-interval', '0.5']);
    expect(run.code, run.stderr).toBe(0);
    const payload = JSON.parse(run.stdout);
    expect(payload).toMatchObject({
      type: 'suite_run',
      status: 'passed',
      results: [expect.objectContaining({ case_name: 'Sign in case', status: 'passed' })],
    });
    // Progress goes to stderr with --json, so stdout stays one document.
    expect(run.stderr).toContain('Started ci_');
    const yamlFile = path.join(cli.home, 'suite.yaml');
    expect((await cli.run(['suites', 'export', passing, '-o', yamlFile])).code).toBe(0);
    expect(fs.readFileSync(yamlFile, 'utf8')).toContain('Sign in case');
    expect(JSON.parse((await cli.run(['suites', 'export', passing, '--json'])).stdout)).toEqual({
      suite_id: passing,
      yaml: fs.readFileSync(yamlFile, 'utf8'),
    });
    const imported = JSON.parse((await cli.run(['suites', 'import', yamlFile, '--app', appId, '--json'])).stdout);
    expect(imported).toMatchObject({ name: 'Sign in', case_count: 1, public_id: expect.any(String) });
    expect(imported.public_id).not.toBe(passing);

    // run test: the JUnit report has one test case per step.
    const caseId = (await call('GET', `/tests/suites/${imported.public_id}`)).json().cases[0].public_id as string;
    const junit = path.join(cli.home, 'test.xml');
    const artifacts = path.join(cli.home, 'artifacts');
    const single = await cli.run([
      ...['run', 'test', caseId, '--wait', '--junit', junit, '--poll-interval', '0.5'],
      ...['--artifacts', artifacts],
    ]);
    expect(single.code, single.stdout + single.stderr).toBe(0);
    // --artifacts: the JUnit report, and the run's video, device log and screenshots.
    expect(fs.readFileSync(path.join(artifacts, 'junit.xml'), 'utf8')).toBe(fs.readFileSync(junit, 'utf8'));
    const [runDir] = fs.readdirSync(artifacts).filter((f) => f !== 'junit.xml');
    const files = fs.readdirSync(path.join(artifacts, runDir!)).sort();
    expect(files).toEqual(['logs.json', 'logs.txt', 'screenshots', 'video.mp4']);
    expect(
      fs
        .readFileSync(path.join(artifacts, runDir!, 'video.mp4'))
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('ftyp');
    expect(fs.readFileSync(path.join(artifacts, runDir!, 'logs.txt'), 'utf8')).toContain('Screen shown: items (Items)');
    expect(fs.readdirSync(path.join(artifacts, runDir!, 'screenshots')).sort()).toEqual(
      SIGN_IN.map((_, i) => `step_${i}.jpg`).sort(),
    );
    expect(
      parseXml(junit)
        .all('testcase')
        .map((c) => c.getAttribute('name')),
    ).toEqual(SIGN_IN.map((text, i) => `step ${i + 1}: ${text}`));
    // The table numbers steps from 1, as the console does.
    const rows = single.stdout.split('\n').filter((l) => /^(STEP|\d+) /.test(l));
    expect(rows.map((l) => l.split(/\s{2,}/).slice(0, 2))).toEqual([
      ['STEP', 'STATUS'],
      ...SIGN_IN.map((_, i) => [String(i + 1), 'passed']),
    ]);
  }, 120_000);

  it('cases check prints how the free interpreter reads each step and assertion; --json is the API answer', async () => {
    const env = { SIMDECK_URL: t.baseUrl, SIMDECK_TOKEN: apiToken };
    const s = (await call('POST', '/tests/suites', { name: 'Checked wording', tags: ['check'] })).json();
    const created = await call('POST', `/tests/suites/${s.public_id}/cases`, {
      name: 'Wording',
      mode: 'ai',
      steps: ['type demo into Username', 'Turn on both switches', 'make it pretty'],
      assertions: ['Buttons Edit profile, Settings and Sign out are available'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const caseId = created.json().public_id as string;
    const table = await cli.run(['cases', 'check', caseId], env);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/step 1\s+understood\s+type/);
    expect(table.stdout).toMatch(/step 2\s+understood\s+toggle_on/);
    expect(table.stdout).toMatch(/step 3\s+not_understood/);
    expect(table.stdout).toMatch(/assert 1\s+understood\s+check_visible/);
    expect(table.stdout).toContain('3 of 4 understood');
    const json = await cli.run(['cases', 'check', caseId, '--json'], env);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ test_case_id: caseId, total: 4, understood: 3 });
    const missing = await cli.run(['cases', 'check', 'tc_doesnotexist'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).not.toMatch(NO_STACK);
  }, 90_000);

  it('an API error prints its detail and exits 2, without a stack trace', async () => {
    const missing = await cli.run(['run', 'suite', 'suite_doesnotexist', '--wait']);
    expect([missing.code, missing.stdout]).toEqual([2, '']);
    expect(missing.stderr).toMatch(/^error: .*not found \(HTTP 404\)\n$/);
    expect(missing.stderr).not.toMatch(NO_STACK);
    const asJson = await cli.run(['sessions', 'stop', 'no-such-session', '--json']);
    expect(asJson.code).toBe(2);
    expect(JSON.parse(asJson.stderr)).toEqual({ error: 'Session not found', status: 404 });
    const usage = await cli.run(['run', 'suite', passing, '--junit', 'x.xml']);
    expect([usage.code, usage.stderr]).toEqual([2, 'error: --junit needs --wait\n']);
    // A port that was just free: nothing listens there.
    const closed = net.createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const unreachable = await cli.run(['devices'], {
      SIMDECK_URL: `http://127.0.0.1:${port}`,
      SIMDECK_TOKEN: apiToken,
    });
    expect([unreachable.code, unreachable.stderr]).toEqual([
      2,
      `error: Cannot reach http://127.0.0.1:${port}: ECONNREFUSED\n`,
    ]);
  }, 90_000);

  it('sessions: start --wait, list, screenshot, view, stop', async () => {
    // On its own login (the environment's), so it does not lean on the tests above.
    const env = { SIMDECK_URL: t.baseUrl, SIMDECK_TOKEN: apiToken };
    const run = (args: string[]) => cli.run(args, env);
    const started = await run(['sessions', 'start', '--platform', 'android', '--wait', '--json']);
    expect(started.code, started.stderr).toBe(0);
    const session = JSON.parse(started.stdout);
    expect(session).toMatchObject({ status: 'active', device_name: 'Pixel 8 (1)' });
    const list = JSON.parse((await run(['sessions', 'list', '--status', 'active', '--json'])).stdout);
    expect(list.map((s: { session_id: string }) => s.session_id)).toEqual([session.session_id]);
    const png = path.join(cli.home, 'shot.png');
    const shot = await run(['sessions', 'screenshot', session.session_id, '-o', png]);
    expect(shot.code, shot.stderr).toBe(0);
    expect(fs.readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
    const view = await run(['sessions', 'view', session.session_id]);
    expect(view.stdout).toBe(`${t.baseUrl}/sessions/${session.session_id}/view\n`);
    expect((await run(['sessions', 'stop', session.session_id])).stdout).toBe(`Stopped ${session.session_id}\n`);
    const again = await run(['sessions', 'screenshot', session.session_id]);
    expect([again.code, again.stderr]).toEqual([2, 'error: Session is not active (status stopped) (HTTP 409)\n']);
  }, 90_000);

  it('--wait shows the queue position while no device is free; SIGTERM cancels the run and exits 2', async () => {
    // The only device is held by a session, so the run waits in the queue.
    const env = { SIMDECK_URL: t.baseUrl, SIMDECK_TOKEN: apiToken };
    const held = JSON.parse(
      (await cli.run(['sessions', 'start', '--platform', 'android', '--wait', '--json'], env)).stdout,
    );
    const proc = cli.start(['run', 'suite', passing, '--wait', '--poll-interval', '0.3'], env);
    await waitFor(
      () => /waiting for a device: position 1 in the queue/.test(proc.out.stdout),
      'the queue position',
      30_000,
    );
    const runId = /Started (ci_\w+)/.exec(proc.out.stdout)![1]!;
    proc.child.kill('SIGTERM');
    const ended = await proc.done;
    expect(ended.code, ended.stdout + ended.stderr).toBe(2);
    expect(ended.stdout).toContain('SIGTERM: cancelling the run');
    await waitFor(
      async () => (await api(t, accessToken, 'GET', `/ci/runs/${runId}`)).json().status === 'cancelled',
      'the run cancelled',
      30_000,
    );
    await cli.run(['sessions', 'stop', held.session_id], env);
  }, 90_000);

  it('every command has --help with examples; operator commands sit in their own group', async () => {
    const top = await cli.run(['--help']);
    expect(top.stdout).toMatch(/Operator commands \(on the server host, with its database\):\n\s+worker /);
    for (const args of [['login'], ['run', 'suite'], ['apps', 'upload'], ['sessions', 'start'], ['mcp']]) {
      const help = await cli.run([...args, '--help']);
      expect(help.stdout, args.join(' ')).toContain('Examples:\n  $ simdeck');
    }
  }, 90_000);
});
