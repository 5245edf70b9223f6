import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken } from '../harness/accounts-factories';
import { multipartBody } from '../harness/app-packages';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  SAMPLE_PACKAGE,
  type EngineFixture,
} from '../harness/engine-fixture';
import { addMember, type Member } from '../harness/factories';
import { api, waitFor, WsPeer, wsUrl } from '../harness/sessions-factories';

/**
 * Who controls a session (docs/sessions-and-devices.md, "Who may control a session"): its owner
 * (the member or API token that created it), developers and admins. Every other member, viewer
 * API tokens included, only watches: reads, the stream, /ws, screenshots, the app list and the
 * looking agent tools. Each endpoint is tried with each kind of caller.
 */
const FORBIDDEN = 'Only the member who created the session, or the developer role or above, may do this';

describe('session control by role and ownership', () => {
  let f: EngineFixture;
  let viewer2: Member;
  /** A viewer API token an admin made: it carries the admin's user id but owns only its own sessions. */
  let viewerToken: string;
  let otherViewerToken: string;
  let suiteId: string;
  const junkApk = multipartBody({ name: 'x.apk', data: Buffer.from('not a package') });

  /** Every control endpoint on `sessionId` with `token`: each answers 403 (denied), or passes the role check. */
  async function tryControls(sessionId: string, token: string, allowed: boolean) {
    const results: Record<string, number> = {};
    const call = async (name: string, method: 'POST' | 'DELETE', url: string, body?: unknown) => {
      const res = await api(f.t, token, method, `/sessions/${sessionId}${url}`, body);
      results[name] = res.statusCode;
      if (!allowed) expect(res.json(), name).toEqual({ detail: FORBIDDEN });
      return res;
    };
    await call('tap', 'POST', '/control', { action: 'tap', x: 10, y: 10 });
    await call('key', 'POST', '/control', { action: 'key', keycode: 'BACK' });
    await call('rotate', 'POST', '/control', { action: 'rotate', rotation: 0 });
    await call('install-build', 'POST', '/install-build', { build_id: f.buildId, launch_after_install: false });
    await call('launch-app', 'POST', '/launch-app', { package_name: SAMPLE_PACKAGE });
    await call('uninstall', 'DELETE', `/apps/${SAMPLE_PACKAGE}`);
    await call('agent tap', 'POST', '/agent/tools', { tool: 'press_key', arguments: { key: 'BACK' } });
    await call('agent launch', 'POST', '/agent/tools', {
      tool: 'launch_app',
      arguments: { package_name: SAMPLE_PACKAGE },
    });
    const install = await f.t.app.inject({
      method: 'POST',
      url: `/api/v1/sessions/${sessionId}/install-app`,
      headers: { authorization: `Bearer ${token}`, ...junkApk.headers },
      payload: junkApk.payload,
    });
    results['install-app'] = install.statusCode;
    const run = await api(f.t, token, 'POST', '/ai/suite/run', { suite_public_id: suiteId, session_id: sessionId });
    results['suite run'] = run.statusCode;
    if (run.statusCode === 200) {
      const cancel = await api(f.t, token, 'POST', `/ai/suite/run/${run.json().suite_run_id}/cancel`);
      expect(cancel.statusCode, cancel.body).toBe(200);
      await waitFor(
        async () =>
          ['cancelled', 'passed', 'failed', 'error'].includes(
            (await api(f.t, token, 'GET', `/tests/suite-runs/${run.json().suite_run_public_id}`)).json().status,
          ),
        'the suite run to end',
      );
    }
    const expected = allowed ? (s: number) => s !== 403 : (s: number) => s === 403;
    expect(
      Object.entries(results).filter(([, s]) => !expected(s)),
      JSON.stringify(results),
    ).toEqual([]);
    if (allowed)
      expect(results).toMatchObject({
        tap: 200,
        'install-build': 200,
        'launch-app': 200,
        uninstall: 200,
        'install-app': 400,
        'suite run': 200,
      });
  }

  /** What any member may do on any session of the organization: read, watch, look. */
  async function tryWatching(sessionId: string, token: string) {
    expect((await api(f.t, token, 'GET', `/sessions/${sessionId}`)).statusCode).toBe(200);
    const shot = await api(f.t, token, 'POST', `/sessions/${sessionId}/control`, { action: 'screenshot' });
    expect(shot.statusCode, shot.body).toBe(200);
    expect((await api(f.t, token, 'GET', `/sessions/${sessionId}/apps`)).statusCode).toBe(200);
    for (const tool of ['screenshot', 'ui_tree', 'list_apps']) {
      const res = await api(f.t, token, 'POST', `/sessions/${sessionId}/agent/tools`, { tool });
      expect(res.statusCode, `${tool}: ${res.body}`).toBe(200);
    }
    const ws = await WsPeer.open(wsUrl(f.t, '/api/v1/ws'), { headers: { authorization: `Bearer ${token}` } });
    ws.send({ type: 'subscribe', session_id: sessionId });
    await ws.next((m) => m.text?.type === 'subscribed');
    ws.send({ type: 'heartbeat', session_id: sessionId });
    await ws.next((m) => m.text?.type === 'heartbeat.ack');
    await ws.close();
    const stream = await WsPeer.open(wsUrl(f.t, `/api/v1/sessions/${sessionId}/stream?token=${token}`));
    await stream.next((m) => m.text?.type === 'hello');
    await stream.close();
  }

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(4) });
    viewer2 = await addMember(f.t, f.org.orgId, 'viewer');
    viewerToken = (await createApiToken(f.t, f.org.admin.token, f.org.orgId, { label: 'wall', role: 'viewer' })).token;
    otherViewerToken = (await createApiToken(f.t, f.org.admin.token, f.org.orgId, { label: 'tv', role: 'viewer' }))
      .token;
    suiteId = await createSuite(f);
    await createCase(f, suiteId, { mode: 'ai', steps: ['wait 1 s'] });
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });

  it("a developer's session: viewers and viewer API tokens (even one its admin made) only watch; admins and its owner control it", async () => {
    const session = await activeSession(f);
    for (const token of [f.org.viewer.token, viewerToken]) {
      await tryControls(session, token, false);
      await tryWatching(session, token);
    }
    await tryControls(session, f.org.admin.token, true);
    await tryControls(session, f.org.developer.token, true);
    for (const token of [f.org.viewer.token, viewerToken]) {
      const stop = await api(f.t, token, 'DELETE', `/sessions/${session}`);
      expect(stop.statusCode).toBe(403);
      expect(stop.json()).toEqual({ detail: FORBIDDEN });
    }
    expect((await api(f.t, f.org.developer.token, 'GET', `/sessions/${session}`)).json().status).toBe('active');
    expect((await api(f.t, f.org.admin.token, 'DELETE', `/sessions/${session}`)).statusCode).toBe(200);
  });

  it("a viewer's own session: the viewer controls it, as do developers; another viewer and a viewer API token only watch", async () => {
    const session = await activeSession(f, undefined, f.org.viewer.token);
    await tryControls(session, viewer2.token, false);
    await tryControls(session, viewerToken, false);
    await tryWatching(session, viewer2.token);
    await tryControls(session, f.org.viewer.token, true);
    await tryControls(session, f.org.developer.token, true);
    expect((await api(f.t, viewer2.token, 'DELETE', `/sessions/${session}`)).statusCode).toBe(403);
    expect((await api(f.t, f.org.viewer.token, 'DELETE', `/sessions/${session}`)).statusCode).toBe(200);
  });

  it("a viewer API token's own session is the token's: it controls it; another viewer token and viewers do not", async () => {
    const session = await activeSession(f, undefined, viewerToken);
    await tryControls(session, otherViewerToken, false);
    await tryControls(session, f.org.viewer.token, false);
    await tryControls(session, viewerToken, true);
    expect((await api(f.t, otherViewerToken, 'DELETE', `/sessions/${session}`)).statusCode).toBe(403);
    expect((await api(f.t, viewerToken, 'DELETE', `/sessions/${session}`)).statusCode).toBe(200);
  });

  it('starting a pending session: its owner, developers and admins; other viewers get 403 and the session stays pending', async () => {
    for (const [owner, starter, allowed] of [
      [f.org.developer.token, f.org.viewer.token, false],
      [f.org.developer.token, viewerToken, false],
      [f.org.viewer.token, viewer2.token, false],
      [f.org.viewer.token, f.org.viewer.token, true],
      [f.org.viewer.token, f.org.admin.token, true],
    ] as const) {
      const created = await api(f.t, owner, 'POST', '/sessions/', { device_type: 'android' });
      const id = created.json().session_id;
      const res = await api(f.t, starter, 'POST', `/sessions/${id}/start`);
      if (allowed) expect(res.statusCode, res.body).toBe(200);
      else {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: FORBIDDEN });
        expect((await api(f.t, owner, 'GET', `/sessions/${id}`)).json().status).toBe('pending');
      }
      await api(f.t, owner, 'DELETE', `/sessions/${id}`);
    }
  });
});
