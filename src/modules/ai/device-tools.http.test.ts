import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { auditEvents, sessions } from '../../db/schema';
import {
  activeSession,
  createEngineFixture,
  SAMPLE_PACKAGE,
  type EngineFixture,
} from '../../../test/harness/engine-fixture';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { api } from '../../../test/harness/sessions-factories';

/**
 * The device tools over HTTP on a live server with a virtual Android phone running the sample
 * app: the schema list, every tool, the errors, other organizations and what counts as use.
 */
describe('/sessions/{id}/agent/tools', () => {
  let f: EngineFixture;
  let other: OrgWithRoles;
  let sessionId: string;
  const call = (tool: string, args?: Record<string, unknown>, token = f.org.viewer.token, id = sessionId) =>
    api(f.t, token, 'POST', `/sessions/${id}/agent/tools`, { tool, ...(args ? { arguments: args } : {}) });
  const ok = async (tool: string, args?: Record<string, unknown>) => {
    const res = await call(tool, args);
    if (res.statusCode !== 200) throw new Error(`${tool}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const refOf = (elements: string[], pattern: RegExp) => {
    const line = elements.find((l) => pattern.test(l));
    if (!line) throw new Error(`no element matches ${pattern}: ${elements.join('\n')}`);
    return line.trim().split(' ')[0]!;
  };

  beforeAll(async () => {
    f = await createEngineFixture();
    other = await createOrgWithRoles(f.t, 'Other Org');
    // The viewer's own session: its owner controls it (another member's only a developer or admin).
    sessionId = await activeSession(f, undefined, f.org.viewer.token);
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });

  it('lists every device tool with its JSON schema, and none of the engine-only ones', async () => {
    const res = await api(f.t, f.org.viewer.token, 'GET', `/sessions/${sessionId}/agent/tools`);
    expect(res.statusCode).toBe(200);
    const tools = res.json().tools as Array<{
      name: string;
      description: string;
      input_schema: { type: string; properties: Record<string, unknown> };
    }>;
    expect(tools.map((t) => t.name).sort()).toEqual([
      'double_tap',
      'go_back',
      'install_build',
      'launch_app',
      'list_apps',
      'long_press',
      'press_key',
      'screenshot',
      'scroll_until',
      'set_orientation',
      'swipe',
      'tap',
      'type',
      'ui_tree',
      'wait',
    ]);
    const tap = tools.find((t) => t.name === 'tap')!;
    expect(tap.input_schema.type).toBe('object');
    expect(Object.keys(tap.input_schema.properties).sort()).toEqual(['ref', 'x', 'y']);
    expect(tools.find((t) => t.name === 'install_build')!.input_schema).toMatchObject({ required: ['build_id'] });
  });

  it('installs the build, reads the tree, types, taps by ref and reads the next screen', async () => {
    const installed = await ok('install_build', { build_id: f.buildId });
    expect(installed).toMatchObject({
      tool: 'install_build',
      ok: true,
      detail: expect.stringContaining(SAMPLE_PACKAGE),
    });
    expect(installed.screen.elements.join('\n')).toContain('"Sign in"');

    const apps = await ok('list_apps');
    expect(apps.apps.map((a: { package_name: string }) => a.package_name)).toContain(SAMPLE_PACKAGE);
    expect((await ok('launch_app', { package_name: SAMPLE_PACKAGE })).detail).toBe(`Launched ${SAMPLE_PACKAGE}`);

    const tree = await ok('ui_tree');
    expect(tree.screen.width).toBeGreaterThan(0);
    const username = refOf(tree.screen.elements, /input .*#username/);
    const password = refOf(tree.screen.elements, /input .*#password/);
    expect((await ok('type', { ref: username, text: 'demo' })).ok).toBe(true);
    const typed = await ok('type', { ref: password, text: 'secret' });
    const signIn = refOf(typed.screen.elements, /button "Sign in"/);
    const tapped = await ok('tap', { ref: signIn });
    expect(tapped).toMatchObject({ tool: 'tap', ok: true, detail: expect.stringContaining('Sign in') });
    expect(tapped.screen.elements.join('\n')).toContain('"Items"');
    expect(tapped.screen.elements.join('\n')).not.toContain('#username');

    const shot = await ok('screenshot');
    expect(shot.image.content_type).toBe('image/png');
    const meta = await sharp(Buffer.from(shot.image.data, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', shot.image.width, shot.image.height]);

    expect((await ok('swipe', { direction: 'up' })).detail).toBe('swiped up');
    expect((await ok('scroll_until', { text: 'Item 1' })).tool).toBe('scroll_until');
    expect((await ok('press_key', { key: 'escape' })).detail).toBe('pressed ESCAPE');
    expect((await ok('wait', { seconds: 0.05 })).detail).toBe('waited 50 ms');
    expect((await ok('go_back')).detail).toBe('went back');
  }, 60_000);

  it('answers 422 for an unknown tool, arguments that do not fit, and a ref not on the screen', async () => {
    const unknown = await call('launch_rockets');
    expect([unknown.statusCode, unknown.json().detail]).toEqual([
      422,
      expect.stringMatching(/^tool: there is no tool launch_rockets; the tools are tap, /),
    ]);
    const bad = await call('swipe', { direction: 'sideways' });
    expect([bad.statusCode, bad.json().detail]).toEqual([422, expect.stringContaining('swipe: arguments.direction')]);
    const missing = await call('tap', {});
    expect([missing.statusCode, missing.json().detail]).toEqual([422, 'tap: tap needs a ref, or both x and y']);
    const ref = await call('tap', { ref: 'e999' });
    expect([ref.statusCode, ref.json().detail]).toEqual([
      422,
      'tap: there is no element e999 on this screen; use a ref from the element list',
    ]);
  });

  it('is 404 for an unknown session or another organization’s, 401 without a token; a viewer may call it', async () => {
    for (const res of [
      await call('ui_tree', undefined, f.org.viewer.token, '00000000-0000-4000-8000-000000000000'),
      await call('ui_tree', undefined, other.admin.token),
    ]) {
      expect([res.statusCode, res.json().detail]).toEqual([404, 'Session not found']);
    }
    expect((await api(f.t, other.admin.token, 'GET', `/sessions/${sessionId}/agent/tools`)).statusCode).toBe(404);
    expect(
      (
        await f.t.app.inject({
          method: 'POST',
          url: `/api/v1/sessions/${sessionId}/agent/tools`,
          payload: { tool: 'ui_tree' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await call('ui_tree', undefined, f.org.viewer.token)).statusCode).toBe(200);
  });

  it('counts as use of the session like /control, and is audited', async () => {
    const clock = f.t.clock as ManualClock;
    clock.advance(120_000);
    const lastUsed = async () =>
      (
        await f.t.container.db
          .select({ at: sessions.lastUsedAt })
          .from(sessions)
          .where(eq(sessions.sessionId, sessionId))
      )[0]!.at;
    expect((await lastUsed())?.getTime()).not.toBe(clock.now().getTime());
    await ok('ui_tree');
    expect((await lastUsed())?.getTime()).toBe(clock.now().getTime());
    const audits = await f.t.container.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'session.agent_tool'));
    expect(audits.some((a) => a.resourceId === sessionId && (a.details as { tool: string }).tool === 'ui_tree')).toBe(
      true,
    );
  });

  it('is 409 once the session is no longer active', async () => {
    const ended = await activeSession(f);
    expect((await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${ended}`)).statusCode).toBe(200);
    const res = await call('ui_tree', undefined, f.org.viewer.token, ended);
    expect([res.statusCode, res.json().detail]).toEqual([409, 'Session is not active (status stopped)']);
  });
});
