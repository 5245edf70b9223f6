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

  it('reads assertions as a run does: a claim about another moment is refused, forms only an assertion has are understood', async () => {
    const c = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, {
      name: `moments ${Math.random()}`,
      assertions: ['Before: Total £5.00', 'Heading "Settings"', 'Email updates OFF ("We will not email you")'],
    });
    const body = (await api('POST', `/tests/cases/${c.public_id}/check-steps`, fx.a.viewer.token)).json();
    const read = body.steps.filter((s: { kind: string }) => s.kind === 'assertion');
    expect(read[0]).toMatchObject({ status: 'not_understood', intent: null });
    expect(read[0].reason).toMatch(/moment|before/i);
    expect(read.slice(1).map((s: { status: string; intent: string | null }) => [s.status, s.intent])).toEqual([
      ['understood', 'check_text'],
      ['understood', 'check_state'],
    ]);
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

  it('reads unsaved text instead of the saved case, each list that is given (an editor as the author types)', async () => {
    const c = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, {
      name: `draft ${Math.random()}`,
      steps: ['Tap Save'],
      assertions: ['Total: €97.40'],
    });
    const url = `/tests/cases/${c.public_id}/check-steps`;
    const r = await api('POST', url, fx.a.viewer.token, { steps: ['Navigate to Profile > Settings', 'blorp zzz', ''] });
    expect(r.statusCode, r.body).toBe(200);
    expect(
      r.json().steps.map((s: { kind: string; text: string; status: string }) => [s.kind, s.text, s.status]),
    ).toEqual([
      ['step', 'Navigate to Profile > Settings', 'understood'],
      ['step', 'blorp zzz', 'not_understood'],
      ['step', '', 'not_understood'],
      ['assertion', 'Total: €97.40', 'understood'],
    ]);
    expect(r.json().steps[1].suggestions.length).toBeGreaterThan(0);
    const onlyAssertions = (await api('POST', url, fx.a.viewer.token, { assertions: [] })).json();
    expect(onlyAssertions.steps.map((s: { text: string }) => s.text)).toEqual(['Tap Save']);
    // The saved case is untouched.
    const saved = (await api('POST', url, fx.a.viewer.token)).json();
    expect(saved.steps.map((s: { text: string }) => s.text)).toEqual(['Tap Save', 'Total: €97.40']);
  });

  it('bounds unsaved text like a case (counts, lengths, shape) with 400, and still hides another organization’s case', async () => {
    const c = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, { name: `b ${Math.random()}` });
    const url = `/tests/cases/${c.public_id}/check-steps`;
    const tok = fx.a.viewer.token;
    for (const body of [
      { steps: Array.from({ length: 501 }, () => 'Tap Save') },
      { assertions: Array.from({ length: 201 }, () => 'Total: 1') },
      { steps: ['x'.repeat(2001)] },
      { steps: [{ text: 'Tap Save' }] },
      { steps: 'Tap Save' },
      { steps: ['Tap Save'], extra: true },
    ]) {
      const r = await api('POST', url, tok, body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json().detail).toBeTruthy();
    }
    expect((await api('POST', url, tok, { steps: ['x'.repeat(2000)] })).statusCode).toBe(200);
    expect((await api('POST', url, fx.b.viewer.token, { steps: ['Tap Save'] })).statusCode).toBe(404);
  });
});

describe('POST /tests/check-steps', () => {
  it('reads a new case’s text before the case exists (any member), checking the app is the caller’s', async () => {
    const r = await api('POST', '/tests/check-steps', fx.a.viewer.token, {
      app_id: fx.appA.publicId,
      steps: [
        'Turn on Price alerts',
        'Book London → Paris, 14 Aug 2025, 1 passenger, 18:45 flight, Light fare, no extras',
      ],
      assertions: ['Total: €97.40'],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ test_case_id: null, total: 3, understood: 2 });
    expect(r.json().steps.map((s: { status: string }) => s.status)).toEqual([
      'understood',
      'needs_model',
      'understood',
    ]);
    expect((await api('POST', '/tests/check-steps', fx.a.viewer.token, { steps: ['Tap Save'] })).statusCode).toBe(200);
    const other = await api('POST', '/tests/check-steps', fx.b.viewer.token, {
      app_id: fx.appA.publicId,
      steps: ['Tap Save'],
    });
    expect(other.statusCode).toBe(404);
    expect((await api('POST', '/tests/check-steps', fx.a.viewer.token, {})).statusCode).toBe(400);
    const many = Array.from({ length: 501 }, () => 'Tap Save');
    expect((await api('POST', '/tests/check-steps', fx.a.viewer.token, { steps: many })).statusCode).toBe(400);
    expect((await api('POST', '/tests/check-steps', '', { steps: ['Tap Save'] })).statusCode).toBe(401);
  });
});
