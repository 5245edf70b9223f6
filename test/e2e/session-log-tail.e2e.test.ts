import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSession, androidPhones, createEngineFixture, type EngineFixture } from '../harness/engine-fixture';
import { api, WsPeer, wsUrl } from '../harness/sessions-factories';

interface LogMessage {
  type: 'session.log';
  session_id: string;
  lines: Array<{ seq: number; level: string; source: string; tag: string; message: string }>;
}

/** A live session's device log reaches its /ws subscribers as the device writes it, without a read of the log. */
describe('the device log, live on /ws', () => {
  let f: EngineFixture;

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(1) });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('a subscriber hears new lines as the device writes them, each once, without reading the log', async () => {
    const sessionId = await activeSession(f, {
      device_type: 'android',
      device_category: 'phone',
      app_id: f.appId,
    });
    const token = f.org.viewer.token;
    const ws = await WsPeer.open(wsUrl(f.t, `/api/v1/ws?token=${token}`));
    ws.send({ type: 'subscribe', session_id: sessionId });
    await ws.next((m) => m.text?.type === 'subscribed');
    // The app's launch was logged at boot: it arrives with nobody asking for the log.
    const first = await ws.next<LogMessage>((m) => m.text?.type === 'session.log', 10_000);
    expect(first.session_id).toBe(sessionId);
    expect(first.lines.length).toBeGreaterThan(0);

    // The app goes to the background and is launched again: the device writes it, and it is told live.
    const before = ws.messages.length;
    const dev = f.org.developer.token;
    const home = await api(f.t, dev, 'POST', `/sessions/${sessionId}/control`, { action: 'button', button: 'home' });
    expect(home.statusCode, home.body).toBe(200);
    const launch = await api(f.t, dev, 'POST', `/sessions/${sessionId}/launch-app`, {
      package_name: 'dev.simdeck.sample',
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const next = await ws.next<LogMessage>(
      (m) => m.text?.type === 'session.log' && m.text.lines.some((l: { message: string }) => /Resume/.test(l.message)),
      10_000,
      before,
    );
    expect(next.lines.map((l) => l.message)).toContain(
      'Resume dev.simdeck.sample: activity dev.simdeck.sample/.MainActivity',
    );

    // Every line told once, in the order kept, and the same as the log's page.
    const told = ws.messages
      .map((m) => m.text as LogMessage | undefined)
      .filter((m): m is LogMessage => m?.type === 'session.log')
      .flatMap((m) => m.lines.map((l) => l.seq));
    expect(new Set(told).size).toBe(told.length);
    const page = (await api(f.t, token, 'GET', `/sessions/${sessionId}/logs`)).json();
    expect(told.every((seq) => page.lines.some((l: { seq: number }) => l.seq === seq))).toBe(true);

    expect((await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${sessionId}`)).statusCode).toBe(200);
    await ws.close();
  });

  it('a session that ended is not read again when its device serves the next session', async () => {
    const dev = f.org.developer.token;
    const body = { device_type: 'android', device_category: 'phone', app_id: f.appId };
    const first = await activeSession(f, body);
    const ws = await WsPeer.open(wsUrl(f.t, `/api/v1/ws?token=${f.org.viewer.token}`));
    ws.send({ type: 'subscribe', session_id: first });
    await ws.next((m) => m.text?.type === 'subscribed');
    await ws.next<LogMessage>((m) => m.text?.type === 'session.log' && m.text.session_id === first, 10_000);
    expect((await api(f.t, dev, 'DELETE', `/sessions/${first}`)).statusCode).toBe(200);
    const kept = (await api(f.t, dev, 'GET', `/sessions/${first}/logs`)).json().lines.length;

    // The fixture's one phone now serves the next session, which writes its own lines.
    const second = await activeSession(f, body);
    const seen = ws.messages.length;
    ws.send({ type: 'subscribe', session_id: second });
    await ws.next<LogMessage>((m) => m.text?.type === 'session.log' && m.text.session_id === second, 10_000, seen);
    const launch = await api(f.t, dev, 'POST', `/sessions/${second}/launch-app`, {
      package_name: 'dev.simdeck.sample',
    });
    expect(launch.statusCode, launch.body).toBe(200);
    await ws.next<LogMessage>(
      (m) =>
        m.text?.type === 'session.log' &&
        m.text.session_id === second &&
        m.text.lines.some((l: { message: string }) => /Resume|Start/.test(l.message)),
      10_000,
      seen,
    );
    await new Promise((r) => setTimeout(r, 2_500));

    // The ended session kept what it had; nothing of the next one was told or stored under it.
    expect((await api(f.t, dev, 'GET', `/sessions/${first}/logs`)).json().lines.length).toBe(kept);
    const toldFirst = ws.messages
      .slice(seen)
      .map((m) => m.text as LogMessage | undefined)
      .filter((m) => m?.type === 'session.log' && m.session_id === first);
    expect(toldFirst).toEqual([]);
    expect((await api(f.t, dev, 'DELETE', `/sessions/${second}`)).statusCode).toBe(200);
    await ws.close();
  });
});
