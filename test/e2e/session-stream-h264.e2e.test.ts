import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_HEADER_BYTES } from '../../src/modules/realtime/stream-packets';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import { ffmpegPath } from '../../src/worker/video/encoder';
import type { WorkerClient } from '../../src/worker/worker-client';
import { createOrgWithRoles, type OrgWithRoles } from '../harness/factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  type LiveApp,
  waitForStatus,
  WsPeer,
  wsUrl,
} from '../harness/sessions-factories';
import { ADB_BIN } from '../support/adb-standin/adb-server';
import { type StandinAndroidHost, startStandinAndroidHost } from '../support/adb-standin/android-host';

/**
 * The session's `/stream` with `?codec=h264`, through the whole stack on loopback: the Android
 * driver streaming a stand-in Android 14 device's screenrecord through Debian's adb, a worker
 * client over the worker protocol, the app, and real WebSocket viewers. A virtual iOS device (no
 * H.264 source) shows the JPEG fallback.
 */

const nalTypes = (b: Buffer) => {
  const t: number[] = [];
  for (let i = 0; i + 3 < b.length; i++) if (b[i] === 0 && b[i + 1] === 0 && b[i + 2] === 1) t.push(b[i + 3]! & 0x1f);
  return t;
};
const header = (b: Buffer) => ({
  kind: b[0],
  keyframe: (b[1]! & 1) === 1,
  width: b.readUInt16BE(2),
  height: b.readUInt16BE(4),
  rotation: b.readUInt16BE(6),
  at: b.readDoubleBE(8),
});

describe.skipIf(!ADB_BIN || !ffmpegPath())('session stream: H.264 on request, JPEG for everyone else', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  let host: StandinAndroidHost;
  let android: WorkerClient;
  let virtual: WorkerClient;

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    a = await createOrgWithRoles(t, 'Org H264');
    host = await startStandinAndroidHost({ model: 'Pixel 9', osVersion: '14', sdk: 34 }, { hostSeed: 'h264-relay' });
    android = await connectWorker(t, host.driver, 'worker-android');
    virtual = await connectWorker(
      t,
      createVirtualDriver({
        devices: [
          {
            deviceId: randomUUID(),
            name: 'iPhone 15',
            model: 'iPhone 15',
            type: 'ios',
            category: 'phone',
            osVersion: '17.5',
          },
        ],
        dataDir: t.dataDir,
      }),
      'worker-virtual',
    );
  });

  afterAll(async () => {
    await android?.close();
    await virtual?.close();
    await host?.close();
    await t?.close();
  });

  it('sends SPS/PPS + IDR first, then access units; a JPEG viewer beside it keeps bare JPEG', async () => {
    const { sessionId } = await createAndStart(t, a.developer.token, { device_type: 'android' });
    const active = await waitForStatus(t, a.developer.token, sessionId, 'active', 30_000);
    const auth = { protocols: [`bearer.${a.developer.token}`] };
    const h264 = await WsPeer.open(wsUrl(t, `/api/v1/sessions/${sessionId}/stream?codec=h264`), auth);
    const jpeg = await WsPeer.open(wsUrl(t, `/api/v1/sessions/${sessionId}/stream`), auth);

    const firstBinary = await h264.next<Buffer>((m) => !!m.binary, 20_000);
    const texts = h264.messages.filter((m) => m.text).map((m) => m.text as { type: string; codec?: string });
    expect(texts[0]).toEqual({ type: 'codec', codec: 'h264' });
    expect(texts.some((m) => m.type === 'hello')).toBe(true);
    const h = header(firstBinary);
    expect(h).toMatchObject({ kind: 1, keyframe: true, width: active.screen.width, height: active.screen.height });
    expect(nalTypes(firstBinary.subarray(STREAM_HEADER_BYTES)).slice(0, 3)).toEqual([7, 8, 5]);

    const firstJpeg = await jpeg.next<Buffer>((m) => !!m.binary, 20_000);
    expect(firstJpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(jpeg.texts().some((m) => m.type === 'codec')).toBe(false);

    // Turning the screen restarts screenrecord at the new size: a keyframe in landscape follows
    // for the H.264 viewer, a landscape JPEG for the other.
    const h264Before = h264.messages.length;
    const jpegBefore = jpeg.messages.length;
    const turn = await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, {
      action: 'rotate',
      rotation: 90,
    });
    expect(turn.statusCode).toBe(200);
    const unit = await h264.next<Buffer>((m) => !!m.binary && header(m.binary).rotation === 90, 15_000, h264Before);
    expect(header(unit)).toMatchObject({ kind: 1, keyframe: true, rotation: 90 });
    expect(header(unit).width).toBeGreaterThan(header(unit).height);
    expect(h264.messages.slice(h264Before).some((m) => (m.text as { type?: string })?.type === 'hello')).toBe(true);
    const nextJpeg = await jpeg.next<Buffer>((m) => !!m.binary, 15_000, jpegBefore);
    expect(nextJpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // The H.264 viewer gets no JPEG while its units flow.
    expect(h264.binaries().every((b) => b[0] === 1)).toBe(true);

    // A late joiner starts from the cached keyframe with its SPS/PPS (the screen is still: no units after it).
    const late = await WsPeer.open(wsUrl(t, `/api/v1/sessions/${sessionId}/stream?codec=h264`), auth);
    const lateFirst = await late.next<Buffer>((m) => !!m.binary, 10_000);
    expect(header(lateFirst)).toMatchObject({ kind: 1, keyframe: true });
    expect(nalTypes(lateFirst.subarray(STREAM_HEADER_BYTES)).slice(0, 2)).toEqual([7, 8]);
    expect(late.texts()[0]).toEqual({ type: 'codec', codec: 'h264' });
    expect(header(lateFirst)).toMatchObject({ rotation: 90 });

    for (const p of [h264, jpeg, late]) p.socket.close();
    await api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}`);
  });

  it('falls back to JPEG, said first, for a device without an H.264 source; refuses another codec', async () => {
    const { sessionId } = await createAndStart(t, a.developer.token, { device_type: 'ios' });
    await waitForStatus(t, a.developer.token, sessionId, 'active');
    const auth = { protocols: [`bearer.${a.developer.token}`] };
    // The credential in the query, as browsers without subprotocols send it, beside the codec.
    const peer = await WsPeer.open(
      wsUrl(t, `/api/v1/sessions/${sessionId}/stream?codec=h264&token=${a.developer.token}`),
    );
    const first = await peer.next<Buffer>((m) => !!m.binary, 10_000);
    const texts = peer.texts();
    expect(texts[0]).toMatchObject({ type: 'codec', codec: 'jpeg' });
    expect(String(texts[0]!.detail)).toMatch(/no H\.264/);
    expect(header(first).kind).toBe(0);
    expect(first.subarray(STREAM_HEADER_BYTES, STREAM_HEADER_BYTES + 2)).toEqual(Buffer.from([0xff, 0xd8]));
    peer.socket.close();

    await expect(WsPeer.open(wsUrl(t, `/api/v1/sessions/${sessionId}/stream?codec=vp9`), auth)).rejects.toThrow(
      /HTTP 400/,
    );
    await api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}`);
  });
});
