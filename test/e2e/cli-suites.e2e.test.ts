import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import type { DeviceSpec } from '../../src/worker/driver';
import { CliRunner } from '../harness/cli-runner';
import {
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  type EngineFixture,
} from '../harness/engine-fixture';
import { api } from '../harness/sessions-factories';

/**
 * `simdeck run suite` at CI scale, spawned as a separate process: --parallel, a device matrix
 * with --device (repeatable), --retries, --html, and the exit code (0 when every case that is not
 * quarantined passed).
 */
const ipad: DeviceSpec = {
  deviceId: randomUUID(),
  name: 'iPad Air (1)',
  model: 'iPad Air',
  type: 'ios',
  category: 'tablet',
  osVersion: '17.5',
};

describe('simdeck run suite: parallel, matrix, retries, reports, exit codes', () => {
  let f: EngineFixture;
  let cli: CliRunner;

  beforeAll(async () => {
    f = await createEngineFixture({ devices: [...androidPhones(2), ipad], app: { clock: systemClock } });
    const token = (
      await api(f.t, f.org.admin.token, 'POST', `/organizations/${f.org.orgId}/api-tokens`, {
        label: 'cli',
        role: 'developer',
      })
    ).json().token;
    cli = new CliRunner();
    const login = await cli.run(['login', '--url', f.t.baseUrl, '--token', token]);
    expect(login.code, login.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    cli?.cleanup();
    await f?.close();
  });

  /** A suite without an app: its cases read the home screen both platforms have. */
  async function homeSuite(steps: string[][]) {
    const suiteId = await createSuite(f, { app_public_id: undefined });
    const cases: string[] = [];
    for (const [i, s] of steps.entries())
      cases.push(await createCase(f, suiteId, { name: `Home ${i + 1}`, mode: 'ai', steps: s }));
    return { suiteId, cases };
  }
  const SEEN = ['verify "Settings" is visible'];
  const UNSEEN = ['verify "Nothing like this" is visible'];

  it('--parallel 2 --device android:phone --device ios:tablet --retries 1: exit 0, JUnit per target and shard, an HTML report', async () => {
    const { suiteId } = await homeSuite([SEEN, SEEN, SEEN]);
    const junit = path.join(cli.home, 'matrix.xml');
    const html = path.join(cli.home, 'matrix.html');
    const r = await cli.run(
      [
        'run',
        'suite',
        suiteId,
        '--mode',
        'ai',
        '--parallel',
        '2',
        '--device',
        'android:phone',
        '--device',
        'ios:tablet:iPad Air',
        '--retries',
        '1',
        '--wait',
        '--junit',
        junit,
        '--html',
        html,
        '--poll-interval',
        '0.5',
      ],
      {},
      180_000,
    );
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toContain(`HTML report: ${html}`);
    const doc = new DOMParser().parseFromString(fs.readFileSync(junit, 'utf8'), 'text/xml');
    const suites = Array.from(doc.getElementsByTagName('testsuite')) as XmlElement[];
    const names = suites.map((s) => s.getAttribute('name')!);
    expect(names.some((n) => /\[android phone/.test(n))).toBe(true);
    expect(names.some((n) => /\[ios tablet iPad Air/.test(n))).toBe(true);
    expect(doc.documentElement!.getAttribute('tests')).toBe('6');
    const report = fs.readFileSync(html, 'utf8');
    expect(report).toContain('id="summary"');
    expect(report).toContain('ios tablet iPad Air');
    expect(report).not.toMatch(/<script/i);
  }, 240_000);

  it('a quarantined failing case leaves the exit code 0; out of quarantine it is 1', async () => {
    const { suiteId, cases } = await homeSuite([SEEN, UNSEEN]);
    const q = await api(f.t, f.org.developer.token, 'POST', `/tests/cases/${cases[1]}/quarantine`, {
      reason: 'known broken',
    });
    expect(q.statusCode, q.body).toBe(200);
    const args = [
      'run',
      'suite',
      suiteId,
      '--mode',
      'ai',
      '--device',
      'android:phone',
      '--wait',
      '--poll-interval',
      '0.5',
    ];
    const quarantined = await cli.run(args, {}, 180_000);
    expect(quarantined.code, `${quarantined.stdout}\n${quarantined.stderr}`).toBe(0);
    expect(quarantined.stdout).toContain('Run passed');
    await api(f.t, f.org.developer.token, 'DELETE', `/tests/cases/${cases[1]}/quarantine`);
    const broken = await cli.run(args, {}, 180_000);
    expect(broken.code, `${broken.stdout}\n${broken.stderr}`).toBe(1);
  }, 240_000);

  it('refuses bad flags before anything starts (exit 2)', async () => {
    const bad = async (extra: string[]) => cli.run(['run', 'suite', 'ste_x', '--wait', ...extra]);
    expect((await bad(['--parallel', '0'])).stderr).toMatch(/--parallel must be a whole number from 1 to 32/);
    expect((await bad(['--retries', '4'])).code).toBe(2);
    expect((await bad(['--device', 'android:laptop'])).stderr).toMatch(/phone, tablet or tv/);
    expect((await bad(['--device', 'android:phone', '--device-category', 'tablet'])).code).toBe(2);
    expect((await cli.run(['run', 'suite', 'ste_x', '--html', 'x.html'])).stderr).toMatch(/--html needs --wait/);
    // A target no device serves: the server's 409 says which.
    const none = await cli.run(['run', 'suite', (await homeSuite([SEEN])).suiteId, '--device', 'ios:phone']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/devices\[0\]: no device of the fleet/);
  }, 120_000);
});
