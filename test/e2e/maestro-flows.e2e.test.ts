import fs from 'node:fs';
import path from 'node:path';
import { ZipFile } from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSession,
  androidPhones,
  createEngineFixture,
  runCase,
  type EngineFixture,
} from '../harness/engine-fixture';
import { api } from '../harness/sessions-factories';

const CORPUS = path.join(import.meta.dirname, '../fixtures/maestro/sample');

function zipFolder(dir: string): Promise<Buffer> {
  const zip = new ZipFile();
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else if (p !== 'expected.json') zip.addFile(path.join(dir, p), `flows/${p}`);
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

async function importMaestro(f: EngineFixture, data: Buffer, filename: string, query = '') {
  const boundary = '----simdeckMaestroE2e';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return f.t.app.inject({
    method: 'POST',
    url: `/api/v1/tests/suites/import-maestro${query}`,
    headers: {
      authorization: `Bearer ${f.org.developer.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

/** The corpus: each flow's expected verdict, and for failures what the failing step says. */
const expected = JSON.parse(fs.readFileSync(path.join(CORPUS, 'expected.json'), 'utf8')) as Record<
  string,
  { status: 'passed' | 'failed'; error?: string; name?: string; slow?: boolean }
>;

/** Phones the flows share: each flow takes a session of its own for its run, three at a time. */
const PHONES = 3;

describe('Maestro flows run as they are, with the verdicts Maestro gives', () => {
  let f: EngineFixture;
  let cases: Array<{ public_id: string; name: string; is_reusable: boolean }>;
  const free: string[] = [];
  const waiting: Array<(sessionId: string) => void> = [];
  async function onSession<T>(work: (sessionId: string) => Promise<T>): Promise<T> {
    const sessionId = free.pop() ?? (await new Promise<string>((resolve) => waiting.push(resolve)));
    try {
      return await work(sessionId);
    } finally {
      const next = waiting.shift();
      if (next) next(sessionId);
      else free.push(sessionId);
    }
  }

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(PHONES) });
    for (let i = 0; i < PHONES; i++) free.push(await activeSession(f));
    const res = await importMaestro(f, await zipFolder(CORPUS), 'sample-flows.zip', `?app_id=${f.appId}`);
    expect(res.statusCode, res.body).toBe(200);
    const suite = await api(f.t, f.org.developer.token, 'GET', `/tests/suites/${res.json().public_id}`);
    cases = suite.json().cases;
  }, 120_000);
  afterAll(async () => {
    await f?.close();
  });

  // Flows whose verdict waits out Maestro's 17 s lookup run with MAESTRO_CORPUS=all (about a minute more).
  const all = process.env.MAESTRO_CORPUS === 'all';
  // MAESTRO_FLOW=52-,53- runs the flows whose file names contain any of the comma-separated parts.
  const only = process.env.MAESTRO_FLOW?.split(',').filter(Boolean);
  for (const [file, want] of Object.entries(expected)) {
    if (only?.length && !only.some((o) => file.includes(o))) continue;
    if (!all && !only?.length && want.slow) continue;
    it.concurrent(`${file}: ${want.status}`, async ({ expect }) => {
      const name = file.replace(/\.yaml$/, '');
      const c = cases.find((x) => x.name === name || x.name === want.name);
      expect(c, `case for ${file}`).toBeDefined();
      const run = await onSession((sessionId) => runCase(f, c!.public_id, sessionId, { mode: 'replay' }, 120_000));
      const detail = JSON.stringify(
        {
          error: run.error_message,
          steps: run.result?.steps?.map((s) => [s.text, s.status, s.error, JSON.stringify(s.actions)]),
        },
        null,
        1,
      );
      expect(run.status, detail).toBe(want.status);
      if (want.error) expect(run.error_message, detail).toContain(want.error);
      for (const s of run.result.steps) expect(s.text).toMatch(/^[\w./-]+\.yaml:\d+: /);
    }, 180_000);
  }

  it('a passing flow writes baselines; its next run compares each step with them, like any run', async () => {
    const c = cases.find((x) => x.name === '06-tap-by-id')!;
    await onSession(async (sessionId) => {
      const first = await runCase(f, c.public_id, sessionId, {}, 120_000);
      expect(first.status).toBe('passed');
      const baselines = await api(f.t, f.org.developer.token, 'GET', `/tests/cases/${c.public_id}/baselines`);
      expect(baselines.json().map((b: { step_index: number }) => b.step_index)).toEqual(
        first.result.steps.map((s) => s.index),
      );
      const second = await runCase(f, c.public_id, sessionId, {}, 120_000);
      expect(second.status, JSON.stringify(second.result?.steps?.map((s) => s.visual))).toBe('passed');
      for (const s of second.result.steps) expect(s.visual).toMatchObject({ verdict: 'ok' });
    });
  }, 240_000);

  it('hybrid runs heal a tapOn whose text no longer matches through the step interpreter, and say so', async () => {
    const c = cases.find((x) => x.name === '51-renamed-button')!;
    const run = await onSession((sessionId) => runCase(f, c.public_id, sessionId, { mode: 'hybrid' }, 120_000));
    expect(run.status, JSON.stringify(run.result?.steps?.map((s) => [s.text, s.status, s.error]))).toBe('passed');
    const healed = run.result.steps.find((s) => s.text.includes('tapOn: Sign-in'))!;
    expect(healed).toMatchObject({ status: 'passed', healed: true, resolved_by: 'interpreter' });
    expect(healed.error).toMatch(/^Healed: /);
  }, 240_000);

  it("startRecording/stopRecording make the session's recordings; one left running is stopped and kept when the flow ends", async () => {
    const c = cases.find((x) => x.name === '60-recording')!;
    await onSession(async (sessionId) => {
      const list = async () =>
        (await api(f.t, f.org.developer.token, 'GET', `/sessions/${sessionId}/recordings`)).json().recordings as Array<{
          recording_id: string;
          status: string;
          url: string;
          size_bytes: number | null;
        }>;
      const before = (await list()).length;
      const run = await runCase(f, c.public_id, sessionId, { mode: 'replay' }, 120_000);
      expect(run.status, run.error_message ?? '').toBe('passed');
      const urls = run.result.steps.flatMap((s) =>
        (s.actions as Array<{ type: string; url?: string }>)
          .filter((a) => a.type.endsWith('_recording'))
          .map((a) => a.url),
      );
      expect(urls).toHaveLength(3);
      expect(urls[0]).toBe(urls[1]);
      const recordings = await list();
      expect(recordings).toHaveLength(before + 2);
      for (const url of new Set(urls)) {
        const rec = recordings.find((r) => r.url === url)!;
        expect(rec, url).toMatchObject({ status: 'ready' });
        expect(rec.size_bytes).toBeGreaterThan(0);
      }
      expect(recordings.some((r) => r.status === 'recording')).toBe(false);
    });
  }, 240_000);
});
