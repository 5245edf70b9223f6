import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  DEMO_INFO,
  iosAppFiles,
  iosBundleEntries,
  iosZipWithManyEntries,
  packIosZip,
  pngClaiming,
  settingsApk,
  sharedReferencePlist,
  tarGz,
  zipWithHugeEntry,
} from '../test/harness/app-packages';
import { percentile, registerBenchAccount, type BenchRow } from './harness';
import { startServer } from './uploads.bench';

/**
 * Crafted packages through POST /apps/upload, hostile YAML through POST /tests/suites/import-yaml
 * and hostile JSON bodies, on the bundled upload server in its own process (as `npm start` runs
 * it, see uploads.bench.ts): the answer, the latency of GET /healthz probed every 10 ms while the
 * attack is read, and the server's peak RSS. Goals: /healthz p99 under 100 ms, RSS under 300 MB.
 */
const MB = 1024 * 1024;

/** `text` within `max` characters, keeping its end (where a refusal says why). */
const ellipsis = (text: string, max: number) => (text.length <= max ? text : `…${text.slice(-(max - 1))}`);

/** One request an attack sends: where, and the body (a file for multipart routes, or JSON text). */
type Attack = { url: string; file?: { name: string; data: Buffer }; json?: string };

/** A simdeck-app.json whose first element is visible under `not` nested `depth` times. */
function deepAppModel(depth: number): Buffer {
  const condition = `${'{"not":'.repeat(depth)}{"var":"x"}${'}'.repeat(depth)}`;
  return Buffer.from(
    `{"name":"Deep","start":"home","screens":{"home":{"title":"Home","elements":[{"type":"text","text":"hi","visibleIf":${condition}}]}}}`,
  );
}

function hostileText(): Array<[string, () => Promise<Attack>]> {
  const yaml = (text: string): Attack => ({
    url: '/api/v1/tests/suites/import-yaml',
    file: { name: 'suite.yaml', data: Buffer.from(text) },
  });
  return [
    [
      'YAML: 90,000 top-level keys (1.2 MB)',
      async () => yaml(`name: x\n${Array.from({ length: 90_000 }, (_, i) => `k${i}: ${i}\n`).join('')}`),
    ],
    ['YAML: 2 MB of nested [', async () => yaml(`name: x\nvariables: ${'['.repeat(2 * MB - 100)}`)],
    [
      'YAML: 90,000 values (within the caps)',
      async () =>
        yaml(
          `name: big\nvariables:\n  rows:\n${Array.from({ length: 30_000 }, (_, i) => `    - [${i}, b]\n`).join('')}`,
        ),
    ],
    [
      'JSON: body nested 1,000,000 deep (2 MB)',
      async () => ({
        url: '/api/v1/tests/suites',
        json: `{"name":"x","variables":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`,
      }),
    ],
    [
      'JSON: CI metadata nested 100,000 deep',
      async () => ({
        url: '/api/v1/ci/run-suite',
        json: `{"suite_id":"ste_x","metadata":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`,
      }),
    ],
    [
      'JSON: 5 MB flat array body',
      async () => ({
        url: '/api/v1/tests/suites',
        json: `{"name":"x","variables":{"v":[${'1,'.repeat(2_500_000)}1]}}`,
      }),
    ],
    [
      'app model nested 100,000 deep (install-app check)',
      async () => ({
        url: 'check-installable',
        file: {
          name: 'deep.zip',
          data: await packIosZip({ ...(await iosAppFiles()), 'simdeck-app.json': deepAppModel(100_000) }),
        },
      }),
    ],
  ];
}

async function attacks(): Promise<Array<[string, string, () => Promise<Buffer>]>> {
  return [
    ['a real APK (baseline)', 'settings.apk', async () => settingsApk()],
    [
      '1 GB manifest deflated to ~1 MB',
      'bomb.apk',
      () => zipWithHugeEntry({ name: 'AndroidManifest.xml', bytes: 1024 * MB }),
    ],
    [
      'tar.gz unpacking to 3 GB (under the cap, read twice)',
      'big.tgz',
      async () => tarGz([...(await iosBundleEntries()), { name: 'Demo.app/blob', data: { zeros: 3 * 1024 * MB } }]),
    ],
    [
      'binary plist, shared nested arrays (depth 30)',
      'shared.zip',
      async () =>
        packIosZip({
          ...(await iosAppFiles()),
          'Info.plist': sharedReferencePlist({ info: DEMO_INFO, depth: 30, fanOut: 2 }),
        }),
    ],
    [
      'tar.gz with a 4 MB PAX name',
      'pax.tgz',
      async () =>
        tarGz([...(await iosBundleEntries()), { name: `Demo.app/${'n'.repeat(4_000_000)}`, data: Buffer.from('x') }]),
    ],
    ['zip with 100,000 entries', 'many.zip', () => iosZipWithManyEntries(100_000)],
    [
      'icon claiming 100,000 × 100,000 pixels',
      'icon.zip',
      async () => packIosZip({ ...(await iosAppFiles()), 'AppIcon60x60@2x.png': pngClaiming(100_000, 100_000) }),
    ],
  ];
}

export default async function packagesBench(): Promise<BenchRow[]> {
  const server = await startServer();
  const rows: BenchRow[] = [];
  try {
    const token = (await registerBenchAccount(server.url)).access_token;
    const post = async (url: string, headers: Record<string, string>, body: FormData | string) => {
      const res = await fetch(`${server.url}${url}`, { method: 'POST', headers, body });
      return { status: res.status, body: (await res.json()) as { detail?: string } };
    };
    const checkInstallable = async (data: Buffer) => {
      const file = path.join(os.tmpdir(), `simdeck-bench-${process.pid}-deep.zip`);
      fs.writeFileSync(file, data);
      try {
        const r = (await server.ask(`check-installable:${file}`)) as unknown as { status: number; detail?: string };
        return { status: r.status, body: { detail: r.detail } };
      } finally {
        fs.rmSync(file, { force: true });
      }
    };
    const packages = (await attacks()).map(([name, fileName, make]): [string, () => Promise<Attack>] => [
      name,
      async () => ({ url: '/api/v1/apps/upload', file: { name: fileName, data: await make() } }),
    ]);
    for (const [name, make] of [...packages, ...hostileText()]) {
      const attack = await make();
      await server.ask('reset');
      let body: FormData | string;
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (attack.file) {
        body = new FormData();
        body.append('file', new Blob([attack.file.data]), attack.file.name);
      } else {
        body = attack.json!;
        headers['content-type'] = 'application/json';
      }
      let done = false;
      const started = performance.now();
      const answer = (
        attack.url === 'check-installable' ? checkInstallable(attack.file!.data) : post(attack.url, headers, body)
      ).finally(() => (done = true));
      const latencies: number[] = [];
      while (!done) {
        const t0 = performance.now();
        await (await fetch(`${server.url}/healthz`)).text();
        latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 10));
      }
      const res = await answer;
      const answered = res.body;
      const { peak } = await server.ask('peak');
      latencies.sort((a, b) => a - b);
      rows.push({
        name,
        status: res.status,
        detail: ellipsis(answered.detail ?? 'accepted', 70),
        answer_ms: Math.round(performance.now() - started),
        healthz_probes: latencies.length,
        healthz_p50_ms: +percentile(latencies, 50).toFixed(1),
        healthz_p99_ms: +percentile(latencies, 99).toFixed(1),
        healthz_max_ms: +(latencies.at(-1) ?? NaN).toFixed(1),
        peak_rss_mb: Math.round(peak! / MB),
        goal: '/healthz p99 < 100 ms, RSS < 300 MB',
      });
    }
  } finally {
    server.child.send('stop');
    await new Promise((r) => server.child.once('exit', r));
  }
  return rows;
}
