import fs from 'node:fs';
import path from 'node:path';
import { ZipFile } from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMaestroDemoApk } from '../../examples/build-maestro-demo-app';
import { multipartBody } from '../harness/app-packages';
import {
  activeSession,
  androidPhones,
  createEngineFixture,
  runCase,
  type EngineFixture,
} from '../harness/engine-fixture';
import { api } from '../harness/sessions-factories';

/**
 * Public Maestro flows (Maestro's own demo-app end-to-end flows and its runner's test flows, see
 * manifest.json), adapted only in appId, run against a virtual model of Maestro's demo app with
 * the verdicts Maestro gives. MAESTRO_CORPUS=all adds the flows that wait out Maestro's 17 s lookup.
 */
const CORPUS = path.join(import.meta.dirname, '../fixtures/maestro/public');

interface Expected {
  status: 'passed' | 'failed';
  error?: string;
  slow?: boolean;
}
const manifest = JSON.parse(fs.readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8')) as {
  flows: Record<string, { path: string; expected: Expected }>;
};

function zipFolder(dir: string): Promise<Buffer> {
  const zip = new ZipFile();
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else if (p !== 'manifest.json') zip.addFile(path.join(dir, p), `public/${p}`);
    }
  };
  walk('');
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe("public Maestro flows run with Maestro's verdicts", () => {
  let f: EngineFixture;
  let sessionId: string;
  let cases: Array<{ public_id: string; name: string; is_reusable: boolean; maestro_file?: string }>;

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(1) });
    const apk = path.join(f.t.dataDir, 'maestro-demo.apk');
    await buildMaestroDemoApk(apk);
    const body = multipartBody({ name: 'maestro-demo.apk', data: fs.readFileSync(apk) });
    const up = await f.t.app.inject({
      method: 'POST',
      url: '/api/v1/apps/upload',
      headers: { authorization: `Bearer ${f.org.developer.token}`, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const demoApp = up.json().public_id as string;
    sessionId = await activeSession(f);
    const zip = multipartBody({ name: 'public.zip', data: await zipFolder(CORPUS) });
    const res = await f.t.app.inject({
      method: 'POST',
      url: `/api/v1/tests/suites/import-maestro?app_id=${demoApp}`,
      headers: { authorization: `Bearer ${f.org.developer.token}`, ...zip.headers },
      payload: zip.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().case_count).toBeGreaterThanOrEqual(Object.keys(manifest.flows).length);
    const suite = await api(f.t, f.org.developer.token, 'GET', `/tests/suites/${res.json().public_id}`);
    cases = suite.json().cases;
  }, 180_000);
  afterAll(async () => {
    await f?.close();
  });

  it('holds at least 40 public flows, each with its source', () => {
    expect(Object.keys(manifest.flows).length).toBeGreaterThanOrEqual(40);
    for (const [file, m] of Object.entries(manifest.flows)) {
      expect(m.path, file).toMatch(/\.ya?ml$/);
      expect(fs.existsSync(path.join(CORPUS, file)), file).toBe(true);
    }
  });

  const all = process.env.MAESTRO_CORPUS === 'all';
  const only = process.env.MAESTRO_FLOW?.split(',').filter(Boolean);
  for (const [file, { expected: want }] of Object.entries(manifest.flows)) {
    if (only?.length && !only.some((o) => file.includes(o))) continue;
    if (!all && !only?.length && want.slow) continue;
    it(`${file}: ${want.status}`, async () => {
      const name = file.replace(/\.ya?ml$/, '');
      const c = cases.find((x) => x.name === name);
      expect(c, `case for ${file}`).toBeDefined();
      const run = await runCase(f, c!.public_id, sessionId, { mode: 'replay' }, 150_000);
      const detail = JSON.stringify(
        { error: run.error_message, steps: run.result?.steps?.map((s) => [s.text, s.status, s.error]) },
        null,
        1,
      );
      expect(run.status, detail).toBe(want.status);
      if (want.error) expect(run.error_message, detail).toContain(want.error);
    }, 180_000);
  }
});
