import { describe, expect, it } from 'vitest';
import { createStandaloneCase, useCatalogueFixture } from '../../../test/harness/catalogue-factories';

const fx = useCatalogueFixture();
const { api } = fx;

describe('POST /tests/cases/{case_id}/check-steps', () => {
  it('reads every step and assertion without a device (any member): understood with the intent, or why not with forms to use', async () => {
    const c = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, {
      name: `check steps ${Math.random()}`,
      steps: [
        'Log in with alex@example.test / hunter2',
        'Navigate to Profile > Settings',
        'Turn on Price alerts',
        'Tap the flux capacitor until it glows',
        'make it pretty',
      ],
      assertions: ['Total: €97.40', 'Tap Save'],
    });
    const r = await api('POST', `/tests/cases/${c.public_id}/check-steps`, fx.a.viewer.token);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ test_case_id: c.public_id, screens_used: 0, total: 7, understood: 5 });
    expect(
      body.steps.map((s: { kind: string; status: string; intent: string | null }) => [s.kind, s.status, s.intent]),
    ).toEqual([
      ['step', 'understood', 'composite'],
      ['step', 'understood', 'navigate'],
      ['step', 'understood', 'toggle_on'],
      ['step', 'understood', 'tap'],
      ['step', 'not_understood', null],
      ['assertion', 'understood', 'check_value'],
      ['assertion', 'needs_model', null],
    ]);
    const pretty = body.steps[4];
    expect(pretty.reason).toMatch(/not understood/);
    expect(pretty.suggestions.length).toBeGreaterThan(0);
  });

  it('reads device phrases as steps of their own, and says why one it cannot read fails', async () => {
    const c = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, {
      name: `device steps ${Math.random()}`,
      steps: [
        'Open the link sample://items/3',
        'Switch to dark mode',
        'Deny camera access',
        'Set the location to Berlin',
      ],
    });
    const body = (await api('POST', `/tests/cases/${c.public_id}/check-steps`, fx.a.viewer.token)).json();
    expect(body.steps.map((s: { status: string; intent: string | null }) => [s.status, s.intent])).toEqual([
      ['understood', 'open_url'],
      ['understood', 'set_appearance'],
      ['understood', 'permission'],
      ['not_understood', null],
    ]);
    expect(body.steps[3].reason).toMatch(/latitude, longitude/);
  });

  it('a whole flow in one phrase needs a model, and says why', async () => {
    const c = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, {
      name: `flow ${Math.random()}`,
      steps: ['Book London → Paris, 14 Aug 2025, 1 passenger, 18:45 flight, Light fare, no extras'],
    });
    const r = await api('POST', `/tests/cases/${c.public_id}/check-steps`, fx.a.viewer.token);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().steps[0]).toMatchObject({ status: 'needs_model', reason: expect.stringMatching(/whole flow/) });
  });

  it('is 404 for a case of another organization, and 401 without a token', async () => {
    const c = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, {
      name: `other ${Math.random()}`,
    });
    const r = await api('POST', `/tests/cases/${c.public_id}/check-steps`, fx.b.viewer.token);
    expect(r.statusCode).toBe(404);
    expect(r.json().detail).toMatch(/not found/i);
    expect((await api('POST', `/tests/cases/${c.public_id}/check-steps`, '')).statusCode).toBe(401);
  });
});
