import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fakeTool } from '../test/harness/fake-apple-tools';
import { startFakeCompanion } from '../test/harness/fake-idb-companion';
import type { DeviceDriver } from '../src/worker/driver';
import { createIosDriver } from '../src/worker/drivers/ios-driver';
import type { BenchRow } from './harness';

/**
 * iOS input and UI-tree latency on this machine, both ways the driver has: over one gRPC channel
 * to a stand-in idb companion (a grpc-js server on loopback speaking the vendored idb.proto,
 * test/harness/fake-idb-companion.ts) and one `idb ui` process per call (the stand-in `idb`
 * executable the tests use, which starts Node: the real `idb` starts Python and then reaches its
 * companion over gRPC itself, so a real process per tap costs more than this one). Rounds
 * alternate between the two paths so that load from other work on the machine falls on both.
 * What a real simulator adds (the companion's HID injection, its accessibility walk) needs a
 * Mac: those rows say "not measured here".
 */
const UDID = '4F6C2A6E-8D0B-4E7B-9E22-2C1B3E6F8A11';
const FIX = path.resolve(import.meta.dirname, '../test/fixtures/simctl');
const ROUNDS = 5;
const PER_ROUND = 10;

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0).toFixed(2));
}

async function timed(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

export default async function bench(): Promise<BenchRow[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-bench-ios-input-'));
  const describeAll = fs.readFileSync(path.join(FIX, 'idb-describe-all.json'), 'utf8');
  const companion = await startFakeCompanion({
    describeAllJson: describeAll,
    screen: JSON.parse(fs.readFileSync(path.join(FIX, 'idb-describe.json'), 'utf8')).screen_dimensions,
  });
  const drivers: DeviceDriver[] = [];
  try {
    const bin = path.join(tmp, 'bin');
    const xcrun = fakeTool(bin, 'xcrun', [
      { prefix: 'simctl list -j devices', stdout: fs.readFileSync(path.join(FIX, 'list-devices.json')) },
      { prefix: '' },
    ]);
    const idb = fakeTool(bin, 'idb', [
      { prefix: 'describe', stdout: fs.readFileSync(path.join(FIX, 'idb-describe.json')) },
      { prefix: 'ui describe-all', stdout: describeAll },
      { prefix: '' },
    ]);
    const common = { xcrun: xcrun.path, idb: idb.path, workDir: tmp, idbCompanion: null };
    const grpcDriver = createIosDriver({ ...common, idbCompanionAddresses: { [UDID]: companion.address } });
    const cliDriver = createIosDriver(common);
    drivers.push(grpcDriver, cliDriver);
    const tap = (d: DeviceDriver) => () => d.input(UDID, { kind: 'tap', x: 300, y: 600 });
    const tree = (d: DeviceDriver) => () => d.uiTree(UDID);
    // Warm-up: the channel connects, the density is read, the simulator list is cached.
    await timed(3, tap(grpcDriver));
    await timed(3, tap(cliDriver));

    const taps = { grpc: [] as number[], cli: [] as number[] };
    const trees = { grpc: [] as number[], cli: [] as number[] };
    for (let r = 0; r < ROUNDS; r++) {
      taps.grpc.push(...(await timed(PER_ROUND, tap(grpcDriver))));
      taps.cli.push(...(await timed(PER_ROUND, tap(cliDriver))));
      trees.grpc.push(...(await timed(PER_ROUND / 2, tree(grpcDriver))));
      trees.cli.push(...(await timed(PER_ROUND / 2, tree(cliDriver))));
    }
    const hidCalls = companion.hidCalls.length;
    const connections = companion.connections().opened;
    const rows: BenchRow[] = [
      {
        name: 'tap over one gRPC channel to the stand-in companion',
        p50_ms: pct(taps.grpc, 50),
        p95_ms: pct(taps.grpc, 95),
        taps: taps.grpc.length,
        connections,
        hid_calls: hidCalls,
      },
      {
        name: 'tap as one `idb ui tap` process (stand-in idb)',
        p50_ms: pct(taps.cli, 50),
        p95_ms: pct(taps.cli, 95),
        taps: taps.cli.length,
        speedup_p50: Number((pct(taps.cli, 50) / pct(taps.grpc, 50)).toFixed(1)),
      },
      {
        name: 'UI tree: accessibility_info over the channel → UiNode',
        p50_ms: pct(trees.grpc, 50),
        p95_ms: pct(trees.grpc, 95),
      },
      {
        name: 'UI tree: one `idb ui describe-all --json` process → UiNode',
        p50_ms: pct(trees.cli, 50),
        p95_ms: pct(trees.cli, 95),
      },
      { name: 'iOS simulator: tap through the real idb_companion (real host)', result: 'not measured here' },
      { name: 'iOS simulator: tap as a real `idb ui tap` process (real host)', result: 'not measured here' },
      { name: 'iOS simulator: tap → changed frame (real host)', result: 'not measured here', goal: 'p50 ≤ 150 ms' },
    ];
    return rows;
  } finally {
    for (const d of drivers) await d.close();
    await companion.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
