import fs from 'node:fs';
import path from 'node:path';
import type { ApiClient } from './api-client';
import { junitXml } from './junit';
import { junitSuitesOf, type CiRun } from './run-watch';

interface EngineRun {
  public_id: string;
  status: string;
  result: {
    steps?: Array<{ index: number; screenshot: string | null }>;
    video?: { url: string } | null;
    logs?: { url: string } | null;
  } | null;
}

const API = '/api/v1';
const local = (url: string) => (url.startsWith(API) ? url.slice(API.length) : url);
const enc = encodeURIComponent;

/** The test runs behind CI runs: a test run's own, or every case run of a suite run. */
async function testRunIds(api: ApiClient, runs: CiRun[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of runs) {
    if (!r.engine_run_id) continue;
    if (r.type === 'test_run') ids.push(r.engine_run_id);
    else {
      const sr = await api.get<{ test_runs: Array<{ public_id: string }> }>(
        `/tests/suite-runs/${enc(r.engine_run_id)}`,
      );
      ids.push(...sr.test_runs.map((t) => t.public_id));
    }
  }
  return ids;
}

/**
 * `simdeck run … --wait --artifacts <dir>`: the JUnit report (`junit.xml`) and, per test run, a
 * folder with its video (`video.mp4`), its device log (`logs.json`, `logs.txt`) and its step
 * screenshots. Returns the files written.
 */
export async function writeArtifacts(api: ApiClient, dir: string, runs: CiRun[]): Promise<string[]> {
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const write = (file: string, body: Buffer | string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body);
    written.push(file);
  };
  write(path.join(dir, 'junit.xml'), junitXml('simdeck', runs.flatMap(junitSuitesOf)));
  for (const id of await testRunIds(api, runs)) {
    const folder = path.join(dir, id.replace(/[^\w-]/g, '_'));
    const run = await api.get<EngineRun>(`/tests/runs/${enc(id)}`);
    const video = run.result?.video;
    if (video) write(path.join(folder, 'video.mp4'), await api.download(local(video.url)));
    const logs = await api.get<{
      lines: Array<{ at: string; level: string; tag: string; message: string; step_index: number | null }>;
    }>(`/tests/runs/${enc(id)}/logs`);
    write(path.join(folder, 'logs.json'), JSON.stringify(logs, null, 2));
    write(
      path.join(folder, 'logs.txt'),
      logs.lines
        .map(
          (l) =>
            `${l.at} ${l.level.toUpperCase()} ${l.step_index === null ? '-' : l.step_index + 1} ${l.tag}: ${l.message}`,
        )
        .join('\n') + (logs.lines.length ? '\n' : ''),
    );
    for (const step of run.result?.steps ?? []) {
      if (!step.screenshot) continue;
      const name = path.basename(step.screenshot).replace(/[^\w.-]/g, '_');
      write(path.join(folder, 'screenshots', name), await api.download(local(step.screenshot)));
    }
  }
  return written;
}
