import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk, SAMPLE_MODEL_PATH } from '../../examples/build-sample-app';
import { systemClock } from '../../src/clock';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { CliRunner } from '../harness/cli-runner';
import { androidPhones } from '../harness/engine-fixture';
import { signup } from '../harness/factories';
import { api, connectWorker, createLiveApp, type LiveApp } from '../harness/sessions-factories';

const CORPUS = path.join(import.meta.dirname, '../fixtures/maestro/sample');

/** `simdeck maestro run` as `maestro test` is used: a folder or a file, imported and run, exit code and JUnit. */
describe('simdeck maestro run', () => {
  let t: LiveApp;
  let worker: WorkerClient;
  let cli: CliRunner;
  let appId: string;
  let token: string;

  beforeAll(async () => {
    t = await createLiveApp({ clock: systemClock, env: { DEFAULT_PLAN: 'enterprise' } });
    worker = await connectWorker(
      t,
      createVirtualDriver({ devices: androidPhones(2), dataDir: t.dataDir }),
      'maestro-cli-worker',
    );
    const account = await signup(t, { organizationName: 'Maestro Team' });
    token = (
      await api(t, account.token, 'POST', `/organizations/${account.orgId}/api-tokens`, {
        label: 'cli',
        role: 'developer',
      })
    ).json().token;
    cli = new CliRunner();
    expect((await cli.run(['login', '--url', t.baseUrl, '--token', token])).code).toBe(0);
    const apk = path.join(t.dataDir, 'sample.apk');
    await buildSampleApk(apk, fs.readFileSync(SAMPLE_MODEL_PATH));
    const up = await cli.run(['apps', 'upload', apk, '--json']);
    expect(up.code, up.stderr).toBe(0);
    appId = JSON.parse(up.stdout).public_id;
  }, 180_000);
  afterAll(async () => {
    cli?.cleanup();
    await worker?.close();
    await t?.close();
  });

  it('runs a flows folder over two devices: exit 1 when a flow fails, a JUnit report with one case per flow', async () => {
    const dir = path.join(cli.home, 'flows');
    fs.mkdirSync(path.join(dir, 'subflows'), { recursive: true });
    fs.mkdirSync(path.join(dir, '.git'));
    fs.writeFileSync(path.join(dir, '.git', 'HEAD'), 'ref: main');
    for (const f of [
      'subflows/sign-in.yaml',
      '02-login-subflow.yaml',
      '09-open-item-detail.yaml',
      '32-assert-true-fails.yaml',
    ])
      fs.copyFileSync(path.join(CORPUS, f), path.join(dir, f));
    fs.copyFileSync(path.join(CORPUS, 'subflows/signed-in.yaml'), path.join(dir, 'subflows/signed-in.yaml'));
    const xml = path.join(cli.home, 'maestro.xml');
    const res = await cli.run(
      ['maestro', 'run', dir, '--app', appId, '--parallel', '2', '--junit', xml, '--poll-interval', '0.5'],
      {},
      300_000,
    );
    expect(res.code, `${res.stdout}\n${res.stderr}`).toBe(1);
    expect(res.stdout).toMatch(/^Imported 5 flows as suite ste_\w+ \(flows\)/);
    expect(res.stdout).toContain('Run failed');
    const report = fs.readFileSync(xml, 'utf8');
    expect(report).toMatch(/<testsuites[^>]* tests="3" failures="1"/);
    expect(report).not.toContain('sign-in');
    expect(report).toContain('name="Log in through a sub-flow"');
    expect(report).toContain('name="09-open-item-detail"');
    expect(report).toContain('name="32-assert-true-fails"');
    expect(report).toMatch(/<failure[^>]*>[^<]*Assertion is false/);
  }, 320_000);

  it('runs one flow file: exit 0 when it passes; an unsupported command is refused before anything runs', async () => {
    const ok = await cli.run(
      ['maestro', 'run', path.join(CORPUS, '01-launch-and-see-title.yaml'), '--app', appId],
      {},
      180_000,
    );
    expect(ok.code, `${ok.stdout}\n${ok.stderr}`).toBe(0);
    expect(ok.stdout).toContain('Run passed');

    const bad = path.join(cli.home, 'bad.yaml');
    fs.writeFileSync(bad, 'appId: dev.simdeck.sample\n---\n- launchApp\n- travel:\n    points: []\n');
    const refused = await cli.run(['maestro', 'run', bad, '--app', appId]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('bad.yaml:4: travel — simulated travel (locations) is not supported yet');
  }, 200_000);

  it('re-running the same folder re-imports into the suite it made (same name and app); --new-suite starts another', async () => {
    const dir = path.join(cli.home, 'checkout');
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path.join(CORPUS, '01-launch-and-see-title.yaml'), path.join(dir, '01-launch-and-see-title.yaml'));
    fs.copyFileSync(path.join(CORPUS, '04-regex-text.yaml'), path.join(dir, '04-regex-text.yaml'));
    const args = ['maestro', 'run', dir, '--app', appId, '--poll-interval', '0.5'];
    const first = await cli.run(args, {}, 180_000);
    expect(first.code, `${first.stdout}\n${first.stderr}`).toBe(0);
    const suite = /^Imported 2 flows as suite (ste_\w+) \(checkout\)/.exec(first.stdout)?.[1];
    expect(suite, first.stdout).toBeDefined();

    fs.rmSync(path.join(dir, '04-regex-text.yaml'));
    fs.copyFileSync(path.join(CORPUS, '06-tap-by-id.yaml'), path.join(dir, '06-tap-by-id.yaml'));
    const second = await cli.run(args, {}, 180_000);
    expect(second.code, `${second.stdout}\n${second.stderr}`).toBe(0);
    expect(second.stdout).toContain(
      `Re-imported 2 flows into suite ${suite} (checkout): 1 updated, 1 added, 1 removed`,
    );
    const cases = (await api(t, token, 'GET', `/tests/suites/${suite}`)).json().cases;
    expect(cases.map((c: { name: string }) => c.name).sort()).toEqual(['01-launch-and-see-title', '06-tap-by-id']);

    const fresh = await cli.run([...args, '--new-suite'], {}, 180_000);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stdout).toMatch(/^Imported 2 flows as suite ste_\w+ \(checkout\)/);
    expect(fresh.stdout).not.toContain(suite!);
  }, 600_000);
});
