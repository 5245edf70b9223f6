import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSession, createEngineFixture, type EngineFixture } from '../../../test/harness/engine-fixture';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { api } from '../../../test/harness/sessions-factories';
import { byId, center, findAll } from '../../../test/virtual/ui';

/**
 * `GET /sessions/{id}/element-at`: what the console recorder asks before each tap, so that a
 * recording names the element (a virtual Android phone with the sample app's sign-in screen).
 */
describe('/sessions/{id}/element-at', () => {
  let f: EngineFixture;
  let other: OrgWithRoles;
  let sessionId: string;
  let deviceId: string;
  const at = (p: { x: number; y: number }, token = f.org.viewer.token, id = sessionId) =>
    api(f.t, token, 'GET', `/sessions/${id}/element-at?x=${p.x}&y=${p.y}`);

  beforeAll(async () => {
    f = await createEngineFixture();
    other = await createOrgWithRoles(f.t, 'Other Org');
    sessionId = await activeSession(f, { device_type: 'android', device_category: 'phone', app_id: f.appId });
    deviceId = (await api(f.t, f.org.developer.token, 'GET', `/sessions/${sessionId}`)).json().device_id;
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });

  it('names the field under a point by its id and visible label, a button by its text, and says it is disabled', async () => {
    const tree = await f.driver.uiTree(deviceId);
    const field = await at(center(byId(tree, 'username')));
    expect(field.statusCode, field.body).toBe(200);
    expect(field.json().element).toEqual({
      selector: { class: 'input', id: 'username', label: 'Username' },
      role: 'input',
      text: '',
      id: 'username',
      label: 'Username',
      enabled: true,
    });
    const signIn = findAll(tree, (n) => n.role === 'button' && n.text === 'Sign in')[0]!;
    const button = (await at(center(signIn))).json().element;
    expect(button).toMatchObject({ role: 'button', text: 'Sign in', enabled: false, label: null });
    expect(button.selector).toMatchObject({ class: 'button', text: 'Sign in' });
  });

  it("the sample app's build says it carries a simdeck app model", async () => {
    const app = (await api(f.t, f.org.viewer.token, 'GET', `/apps/${f.appId}`)).json();
    expect(app.builds[0].metadata.simdeck_app_model).toBe(true);
  });

  it('is null where nothing is, 400 for a bad point, 404 for another organization, 409 once the session ended', async () => {
    expect((await at({ x: 1, y: 1 })).json()).toEqual({ element: null });
    const bad = await api(f.t, f.org.viewer.token, 'GET', `/sessions/${sessionId}/element-at?x=-3&y=abc`);
    expect(bad.statusCode).toBe(400);
    expect((await at({ x: 10, y: 10 }, other.admin.token)).statusCode).toBe(404);
    await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${sessionId}`);
    expect((await at({ x: 10, y: 10 })).statusCode).toBe(409);
  });
});
