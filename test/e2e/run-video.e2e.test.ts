import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  runCase,
  type EngineFixture,
} from '../harness/engine-fixture';
import { bearer } from '../harness/factories';
import { api } from '../harness/sessions-factories';
import { probeVideo } from '../harness/video-probe';

/**
 * Every run records the device's screen on its device host: an H.264 MP4 with a chapter per
 * step, served with HTTP Range, kept as the suite's `record_video` says (docs/artifacts.md).
 */
const SIGN_IN = ['type demo into Username', 'type secret into Password', 'Tap Sign in'];

describe('run videos', () => {
  let f: EngineFixture;
  let sessionId: string;

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(1) });
    sessionId = await activeSession(f);
  });
  afterAll(async () => {
    await f?.close();
  });

  it("a failing run's MP4 decodes back: H.264 yuv420p, its duration, a chapter per step, seekable by range", async () => {
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    const caseId = await createCase(f, suiteId, {
      mode: 'ai',
      steps: [...SIGN_IN, 'wait 1 s', 'verify "Welcome back, nobody" is visible'],
    });
    const run = await runCase(f, caseId, sessionId, {}, 60_000);
    expect(run.status).toBe('failed');
    const video = run.result.video!;
    expect(video).toMatchObject({ url: `/api/v1/tests/runs/${run.public_id}/video`, width: 394, height: 852 });
    expect(video.chapters.map((c) => c.step_index)).toEqual([0, 1, 2, 3, 4]);
    const at = video.chapters.map((c) => c.at_ms);
    // The first chapter holds what came before the first step (the app's launch).
    expect(at[0]).toBe(0);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // The wait step alone lasts a second: the video is at least that long, and its chapter too.
    expect(at[4]! - at[3]!).toBeGreaterThanOrEqual(1000);

    const res = await api(f.t, f.org.viewer.token, 'GET', `/tests/runs/${run.public_id}/video`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.length).toBe(video.size_bytes);
    const file = path.join(f.t.dataDir, `${run.public_id}.mp4`);
    fs.writeFileSync(file, res.rawPayload);
    const probed = await probeVideo(file);
    expect(probed).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 394, height: 852, faststart: true });
    expect(Math.abs(probed.durationMs - video.duration_ms)).toBeLessThanOrEqual(150);
    expect(probed.chapters).toHaveLength(run.result.steps.length);
    expect(probed.chapters.map((c) => c.title)).toEqual([
      'Step 1: type demo into Username',
      'Step 2: type secret into Password',
      'Step 3: Tap Sign in',
      'Step 4: wait 1 s',
      'Step 5: verify "Welcome back, nobody" is visible',
    ]);
    expect(probed.chapters.map((c) => c.startMs)).toEqual(at);

    const part = await f.t.app.inject({
      method: 'GET',
      url: `/api/v1/tests/runs/${run.public_id}/video`,
      headers: { ...bearer(f.org.viewer.token), range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.size_bytes}`);
    expect(part.rawPayload.equals(res.rawPayload.subarray(100, 200))).toBe(true);
    const past = await f.t.app.inject({
      method: 'GET',
      url: `/api/v1/tests/runs/${run.public_id}/video`,
      headers: { ...bearer(f.org.viewer.token), range: `bytes=${video.size_bytes}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${video.size_bytes}`);
    expect(run.result.logs).toMatchObject({ url: `/api/v1/tests/runs/${run.public_id}/logs` });

    // Past ARTIFACT_RETENTION_DAYS (30) the video and the log slice go; the run says so.
    const { artifactRetention } = f.t.container.services.engine;
    expect(await artifactRetention.sweep(new Date(f.t.clock.now().getTime() + 29 * 24 * 3600 * 1000))).toBe(0);
    expect(
      await artifactRetention.sweep(new Date(f.t.clock.now().getTime() + 31 * 24 * 3600 * 1000)),
    ).toBeGreaterThanOrEqual(1);
    const expired = await api(f.t, f.org.viewer.token, 'GET', `/tests/runs/${run.public_id}`);
    expect(expired.json().result).toMatchObject({ video: null, logs: null, artifacts_expired: true });
    expect((await api(f.t, f.org.viewer.token, 'GET', `/tests/runs/${run.public_id}/video`)).statusCode).toBe(404);
    expect((await api(f.t, f.org.viewer.token, 'GET', `/tests/runs/${run.public_id}/logs`)).json().lines).toEqual([]);
    expect(await f.t.container.storage.exists(`runs/${run.public_id}/video.mp4`)).toBe(false);
  });

  it('record_video on_failure drops a passed run’s video, never records none; 404 while there is none', async () => {
    const onFailure = await createSuite(f, {}, { record_video: 'on_failure', reset_strategy: 'clear_data' });
    const suite = await api(f.t, f.org.viewer.token, 'GET', `/tests/suites/${onFailure}`);
    expect(suite.json().record_video).toBe('on_failure');
    const passing = await runCase(f, await createCase(f, onFailure, { mode: 'ai', steps: SIGN_IN }), sessionId);
    expect(passing.status).toBe('passed');
    expect(passing.result.video).toBeNull();
    expect((await api(f.t, f.org.viewer.token, 'GET', `/tests/runs/${passing.public_id}/video`)).statusCode).toBe(404);
    const failing = await runCase(
      f,
      await createCase(f, onFailure, { mode: 'ai', steps: ['verify "Nowhere" is visible'] }),
      sessionId,
    );
    expect(failing.status).toBe('failed');
    expect(failing.result.video).toMatchObject({ chapters: [{ step_index: 0, at_ms: expect.any(Number) }] });

    const never = await createSuite(f, {}, { record_video: 'never' });
    const unrecorded = await runCase(
      f,
      await createCase(f, never, { mode: 'ai', steps: ['verify "Nowhere" is visible'] }),
      sessionId,
    );
    expect(unrecorded.result.video).toBeNull();
    const bad = await api(f.t, f.org.developer.token, 'PATCH', `/tests/suites/${never}`, { record_video: 'sometimes' });
    expect(bad.statusCode).toBe(400);
  });
});
