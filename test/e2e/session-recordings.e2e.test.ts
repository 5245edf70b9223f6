import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSession, androidPhones, createEngineFixture, type EngineFixture } from '../harness/engine-fixture';
import { api, waitFor } from '../harness/sessions-factories';
import { probeVideo } from '../harness/video-probe';

/** Live sessions record on request; a session that ends stops its recording (docs/artifacts.md). */
describe('recordings of live sessions', () => {
  let f: EngineFixture;

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(1) });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('a developer records; the MP4 plays back; one at a time; viewers watch but do not record', async () => {
    const sessionId = await activeSession(f);
    const dev = f.org.developer.token;
    const started = await api(f.t, dev, 'POST', `/sessions/${sessionId}/recording/start`);
    expect(started.statusCode, started.body).toBe(200);
    const rec = started.json() as { recording_id: string; url: string; status: string };
    expect(rec).toMatchObject({ status: 'recording', url: `/api/v1/recordings/${rec.recording_id}` });
    expect((await api(f.t, dev, 'POST', `/sessions/${sessionId}/recording/start`)).statusCode).toBe(409);
    expect((await api(f.t, f.org.viewer.token, 'POST', `/sessions/${sessionId}/recording/stop`)).statusCode).toBe(403);
    // Not playable while it records.
    expect((await api(f.t, f.org.viewer.token, 'GET', `/recordings/${rec.recording_id}`)).statusCode).toBe(404);
    const [deviceId] = (await f.driver.bootedDevices?.()) ?? [];
    await f.driver.rotate(deviceId!, 90);
    await new Promise((r) => setTimeout(r, 1200));
    const stopped = await api(f.t, dev, 'POST', `/sessions/${sessionId}/recording/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    const done = stopped.json();
    expect(done).toMatchObject({ status: 'ready', width: 394, height: 852, error_message: null });
    expect(done.duration_ms).toBeGreaterThanOrEqual(1000);
    expect((await api(f.t, dev, 'POST', `/sessions/${sessionId}/recording/stop`)).statusCode).toBe(409);

    const file = await api(f.t, f.org.viewer.token, 'GET', `/recordings/${rec.recording_id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.rawPayload.length).toBe(done.size_bytes);
    const local = path.join(f.t.dataDir, `${rec.recording_id}.mp4`);
    fs.writeFileSync(local, file.rawPayload);
    expect(await probeVideo(local)).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 394, height: 852 });

    const list = await api(f.t, f.org.viewer.token, 'GET', `/sessions/${sessionId}/recordings`);
    expect(list.json().recordings.map((r: { recording_id: string }) => r.recording_id)).toEqual([rec.recording_id]);
    expect((await api(f.t, f.org.viewer.token, 'GET', '/recordings/rec_unknown')).statusCode).toBe(404);

    // A session that ends stops its recording, which is kept.
    const second = (await api(f.t, dev, 'POST', `/sessions/${sessionId}/recording/start`)).json();
    await new Promise((r) => setTimeout(r, 500));
    expect((await api(f.t, dev, 'DELETE', `/sessions/${sessionId}`)).statusCode).toBe(200);
    const kept = await waitFor(async () => {
      const r = (await api(f.t, f.org.viewer.token, 'GET', `/sessions/${sessionId}/recordings`)).json().recordings;
      const it = r.find((x: { recording_id: string }) => x.recording_id === second.recording_id);
      return it?.status === 'ready' ? it : undefined;
    }, 'the ended session’s recording to be kept');
    expect(kept.duration_ms).toBeGreaterThan(0);
    expect((await api(f.t, f.org.viewer.token, 'GET', `/recordings/${second.recording_id}`)).statusCode).toBe(200);

    // Past ARTIFACT_RETENTION_DAYS the recordings and the device log go (lines carry the device's time).
    const swept = await f.t.container.services.sessionArtifacts.sweep(
      new Date(Math.max(Date.now(), f.t.clock.now().getTime()) + 31 * 24 * 3600 * 1000),
    );
    expect(swept.recordings).toBe(2);
    expect(swept.lines).toBeGreaterThan(0);
    expect((await api(f.t, f.org.viewer.token, 'GET', `/recordings/${second.recording_id}`)).statusCode).toBe(404);
    expect((await api(f.t, f.org.viewer.token, 'GET', `/sessions/${sessionId}/logs`)).json().lines).toEqual([]);
  });
});
