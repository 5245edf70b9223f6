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
 * Crafted packages through POST /apps/upload on the bundled upload server in its own process
 * (as `npm start` runs it, see uploads.bench.ts): the answer, the latency of GET /healthz probed
 * every 10 ms while the attack is read, and the server's peak RSS. Goals: /healthz under 100 ms,
 * RSS under 300 MB.
 */
const MB = 1024 * 1024;

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
    for (const [name, fileName, make] of await attacks()) {
      const data = await make();
      await server.ask('reset');
      const form = new FormData();
      form.append('file', new Blob([data]), fileName);
      let done = false;
      const started = performance.now();
      const answer = fetch(`${server.url}/api/v1/apps/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }).finally(() => (done = true));
      const latencies: number[] = [];
      while (!done) {
        const t0 = performance.now();
        await (await fetch(`${server.url}/healthz`)).text();
        latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 10));
      }
      const res = await answer;
      const body = (await res.json()) as { detail?: string };
      const { peak } = await server.ask('peak');
      latencies.sort((a, b) => a - b);
      rows.push({
        name,
        status: res.status,
        detail: (body.detail ?? 'accepted').slice(0, 70),
        answer_ms: Math.round(performance.now() - started),
        healthz_probes: latencies.length,
        healthz_p50_ms: +percentile(latencies, 50).toFixed(1),
        healthz_max_ms: +(latencies.at(-1) ?? NaN).toFixed(1),
        peak_rss_mb: Math.round(peak! / MB),
        goal: '/healthz < 100 ms, RSS < 300 MB',
      });
    }
  } finally {
    server.child.send('stop');
    await new Promise((r) => server.child.once('exit', r));
  }
  return rows;
}
