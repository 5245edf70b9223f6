import { execSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { bundle } from '../scripts/build.mjs';
import { percentile, registerBenchAccount, type BenchRow } from './harness';
import type { UploadAnswer, UploadRequest } from './upload-peers';

/**
 * Upload throughput of 200 MB and 500 MB APK-shaped packages through POST /apps/upload (streamed
 * multipart, inspection, storage, rows), next to a plain disk copy of the same file, and the
 * server's peak RSS (its own process). Goals: ≥ 0.5× disk copy, peak RSS < 200 MB.
 *
 * Writing hundreds of megabytes on a virtual machine swings between fast and slow phases (how
 * quickly fresh page-cache pages come), so each size runs BENCH_UPLOAD_TRIALS rounds of every
 * measurement interleaved, and the row shows medians (and the highest peak RSS). Two references
 * bound what any upload route can reach here: a plain HTTP request body piped to disk (Node's HTTP
 * on loopback) and a bare Fastify multipart route. The client that sends the files and the two
 * references run in lean processes of their own (bench/upload-peers.ts): a load generator sharing
 * this process's large heap spent half its CPU in garbage collection, CPU the server then lacked.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;
const SIZES = (process.env.BENCH_UPLOAD_SIZES_MB ?? '200,500').split(',').map(Number);
const MAX_BYTES = 500 * MB;
const TRIALS = Number(process.env.BENCH_UPLOAD_TRIALS ?? 3);

/** The real settings APK's entries plus a stored random blob, sized to exactly `bytes`. */
async function makeApk(file: string, bytes: number): Promise<void> {
  const apk = path.resolve('node_modules/io.appium.settings/apks/settings_apk-debug.apk');
  const src = await yauzl.openPromise(apk, { lazyEntries: true });
  const zip = new yazl.ZipFile();
  const out = pipeline(zip.outputStream, fs.createWriteStream(file));
  await new Promise<void>((resolve, reject) => {
    src.on('entry', async (entry: yauzl.Entry) => {
      const chunks: Buffer[] = [];
      for await (const c of await src.openReadStreamPromise(entry)) chunks.push(c as Buffer);
      zip.addBuffer(Buffer.concat(chunks), entry.fileName);
      src.readEntry();
    });
    src.on('end', resolve);
    src.on('error', reject);
    src.readEntry();
  });
  src.close();
  // Size the blob so the whole archive lands just under `bytes` (headers ~ a few hundred bytes).
  const base = fs.statSync(apk).size;
  const blob = Math.max(0, bytes - base - 64 * 1024);
  const chunk = randomBytes(MB);
  zip.addReadStream(
    Readable.from(
      (function* () {
        for (let left = blob; left > 0; left -= MB) yield left >= MB ? chunk : chunk.subarray(0, left);
      })(),
    ),
    'assets/blob.bin',
    { compress: false, size: blob },
  );
  zip.end();
  await out;
}

/** The `--flags` that package.json's start script gives Node. */
function startNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(here, '..', 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const command = pkg.scripts.start.split('&&').at(-1)!.trim().split(/\s+/);
  return command.slice(1).filter((arg) => arg.startsWith('--'));
}

/** The server runs bundled under plain Node, as `npm start` runs it, so its RSS is production's. */
export async function startServer(): Promise<{
  child: ChildProcess;
  url: string;
  ask: (m: string) => Promise<Record<string, number>>;
}> {
  const bundled = path.join(here, '..', '.tmp', 'bench', 'upload-server.mjs');
  await bundle('bench/upload-server.ts', bundled);
  // Node's flags from `npm start` (not this process's tsx loader), so that memory behaves as there.
  const prof = process.env.BENCH_SERVER_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`]
    : [];
  // BENCH_SERVER_NODE_FLAGS adds Node/V8 flags for one experiment, e.g. '--trace-gc'.
  const extra = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = fork(bundled, [], {
    execArgv: [...startNodeFlags(), ...prof, ...extra],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (m: string) =>
    new Promise<Record<string, number>>((resolve) => {
      child.once('message', (msg) => resolve(msg as Record<string, number>));
      child.send(m);
    });
  return new Promise((resolve, reject) => {
    child.once('message', (msg: { type: string; url: string }) => resolve({ child, url: msg.url, ask }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

const PEERS_BUNDLE = path.join(here, '..', '.tmp', 'bench', 'upload-peers.mjs');

/** One of bench/upload-peers.ts's lean processes, run under plain Node from PEERS_BUNDLE. */
async function startPeer<T>(role: 'client' | 'references', dir: string): Promise<{ child: ChildProcess; first: T }> {
  const child = fork(PEERS_BUNDLE, [role, dir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const first = await new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('error', reject);
  });
  return { child, first };
}

/** Sends a file from the client process; resolves with its answer. */
function uploadVia(client: ChildProcess, request: UploadRequest): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    client.once('message', (m) => resolve(m as UploadAnswer));
    client.send(request);
  });
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export default async function uploadsBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-upload-bench-'));
  const server = await startServer();
  await bundle('bench/upload-peers.ts', PEERS_BUNDLE);
  const client = (await startPeer<{ ready: true }>('client', dir)).child;
  const references = await startPeer<{ raw: string; bare: string }>('references', dir);
  const { raw, bare } = references.first;
  const rows: BenchRow[] = [];
  try {
    const token = (await registerBenchAccount(server.url)).access_token;
    for (const sizeMb of SIZES) {
      const file = path.join(dir, `bench-${sizeMb}.apk`);
      await makeApk(file, Math.min(sizeMb * MB, MAX_BYTES));
      const mb = fs.statSync(file).size / MB;
      const copy = path.join(dir, 'copy.bin');
      // Each measurement starts with no dirty pages left by the one before (sync), and removes its output.
      const referenceCpu = () =>
        new Promise<number>((resolve) => {
          references.child.once('message', (m) => resolve((m as { cpu: number }).cpu));
          references.child.send('cpu');
        });
      const measure = async (fn: () => Promise<unknown>, output: string, cpu?: number[]): Promise<number> => {
        execSync('sync');
        const cpu0 = cpu ? await referenceCpu() : 0;
        const ms = await timed(fn);
        if (cpu) cpu.push((await referenceCpu()) - cpu0);
        fs.rmSync(output, { force: true });
        return ms;
      };
      const times = {
        copyFile: [] as number[],
        stream: [] as number[],
        raw: [] as number[],
        bare: [] as number[],
        upload: [] as number[],
      };
      const rss = { before: [] as number[], peak: [] as number[] };
      const cpu = { raw: [] as number[], bare: [] as number[], upload: [] as number[] };
      const fullGcs: number[] = [];
      for (let trial = 0; trial < TRIALS; trial++) {
        times.copyFile.push(await measure(() => fs.promises.copyFile(file, copy), copy));
        times.stream.push(await measure(() => pipeline(fs.createReadStream(file), fs.createWriteStream(copy)), copy));
        times.raw.push(
          await measure(
            async () => {
              const res = await uploadVia(client, { url: raw, file, as: 'raw' });
              if (res.status !== 200) throw new Error(`raw body upload failed: ${res.status} ${res.body}`);
            },
            path.join(dir, 'raw-upload.bin'),
            cpu.raw,
          ),
        );
        times.bare.push(
          await measure(
            async () => {
              const res = await uploadVia(client, { url: `${bare}/api/v1/apps/upload`, file, as: 'multipart' });
              if (res.status !== 200) throw new Error(`bare multipart upload failed: ${res.status} ${res.body}`);
            },
            path.join(dir, 'bare-upload.bin'),
            cpu.bare,
          ),
        );
        execSync('sync');
        const { rss: before, cpu: cpuBefore } = await server.ask('reset');
        const up = await uploadVia(client, { url: `${server.url}/api/v1/apps/upload`, file, as: 'multipart', token });
        if (up.status !== 200) throw new Error(`upload of ${sizeMb} MB failed: ${up.status} ${up.body}`);
        const { peak, cpu: cpuAfter, fullGcs: gcs } = await server.ask('peak');
        // Like every other measurement, the upload removes its output: the app, its build and file.
        const removed = await fetch(
          `${server.url}/api/v1/apps/${(JSON.parse(up.body) as { public_id: string }).public_id}`,
          { method: 'DELETE', headers: { authorization: `Bearer ${token}` } },
        );
        if (removed.status !== 200) throw new Error(`deleting the uploaded app failed: ${removed.status}`);
        cpu.upload.push(cpuAfter! - cpuBefore!);
        fullGcs.push(gcs!);
        times.upload.push(up.ms);
        rss.before.push(before!);
        rss.peak.push(peak!);
      }
      const median = (xs: number[]) =>
        percentile(
          [...xs].sort((a, b) => a - b),
          50,
        );
      const mbs = (ms: number[]) => mb / (median(ms) / 1000);
      const [uploadMbs, copyMbs, streamMbs, rawMbs, bareMbs] = [
        mbs(times.upload),
        mbs(times.copyFile),
        mbs(times.stream),
        mbs(times.raw),
        mbs(times.bare),
      ];
      rows.push({
        name: `POST /apps/upload ${sizeMb} MB APK`,
        trials: TRIALS,
        file_mb: Number(mb.toFixed(1)),
        upload_ms: Math.round(median(times.upload)),
        upload_mb_s: Number(uploadMbs.toFixed(1)),
        upload_mb_s_range: times.upload
          .map((ms) => Math.round(mb / (ms / 1000)))
          .sort((a, b) => a - b)
          .join('–'),
        copyfile_mb_s: Number(copyMbs.toFixed(1)),
        stream_copy_mb_s: Number(streamMbs.toFixed(1)),
        ratio_vs_copyfile: Number((uploadMbs / copyMbs).toFixed(2)),
        ratio_vs_stream_copy: Number((uploadMbs / streamMbs).toFixed(2)),
        raw_http_body_mb_s: Number(rawMbs.toFixed(1)),
        raw_http_vs_copyfile: Number((rawMbs / copyMbs).toFixed(2)),
        bare_fastify_multipart_mb_s: Number(bareMbs.toFixed(1)),
        ratio_vs_bare_multipart: Number((uploadMbs / bareMbs).toFixed(2)),
        // CPU per 100 MB steadies what wall time cannot on a noisy machine: the work each route does.
        server_cpu_ms_per_100mb: Math.round((median(cpu.upload) * 100) / mb),
        bare_multipart_cpu_ms_per_100mb: Math.round((median(cpu.bare) * 100) / mb),
        raw_http_cpu_ms_per_100mb: Math.round((median(cpu.raw) * 100) / mb),
        // Mark-compacts of the whole heap during one upload (V8's own schedule for off-heap body chunks ran ~20 per 500 MB).
        server_full_gcs: median(fullGcs),
        server_rss_before_mb: Math.round(median(rss.before) / MB),
        server_peak_rss_mb: Math.round(Math.max(...rss.peak) / MB),
        goal: '≥ 0.5× copyFile, peak RSS < 200 MB',
        'baseline (main)': '0.40× copyFile, 173–184 MB before, ~200 MB peak',
      });
      fs.rmSync(file);
    }
  } finally {
    client.send('stop');
    references.child.send('stop');
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.send('stop');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (server.child.exitCode === null) server.child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
