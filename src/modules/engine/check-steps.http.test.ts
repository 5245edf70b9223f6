import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandaloneCase, useCatalogueFixture } from '../../../test/harness/catalogue-factories';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  getRun,
  patch,
  runCase,
  type EngineFixture,
} from '../../../test/harness/engine-fixture';
import { createOrgWithRoles } from '../../../test/harness/factories';
import { api as liveApi } from '../../../test/harness/sessions-factories';
import { testRunScreens, testRuns } from '../../db/schema';

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
      assertions: ['After saving: Total £5.00', 'Heading "Settings"', 'Email updates OFF ("We will not email you")'],
    });
    const body = (await api('POST', `/tests/cases/${c.public_id}/check-steps`, fx.a.viewer.token)).json();
    const read = body.steps.filter((s: { kind: string }) => s.kind === 'assertion');
    expect(read[0]).toMatchObject({ status: 'not_understood', intent: null });
    expect(read[0].reason).toMatch(/moment|before/i);
    expect(read.slice(1).map((s: { status: string; intent: string | null }) => [s.status, s.intent])).toEqual([
      ['understood', 'check_text'],
      ['understood', 'check_state'],
    ]);
    // With steps, a moment one of them names is read as its claim; one none names is still refused.
    const timed = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, {
      name: `timed ${Math.random()}`,
      steps: ['Tap Apple Pay', 'Tap Cash on delivery'],
      assertions: [
        'After Apple Pay: "Paying with Apple Pay"',
        'After PayPal: "Paying with PayPal"',
        '"Paying with Apple Pay" was shown',
      ],
    });
    const moments = (await api('POST', `/tests/cases/${timed.public_id}/check-steps`, fx.a.viewer.token)).json();
    const claims = moments.steps.filter((s: { kind: string }) => s.kind === 'assertion');
    // A claim in the past tense is read as a run reads it: of the screens the run showed.
    expect(claims.map((s: { status: string }) => s.status)).toEqual(['understood', 'not_understood', 'understood']);
    expect(claims[1].reason).toMatch(/"after PayPal"\) that no step/);
  });

  it('reads a sign-in with an account named but not spelt out with the accounts the suite and the case name', async () => {
    const steps = ['Sign in with the test account', "Log in as Alex's account", 'Tap Sign out', 'Sign in again'];
    const statuses = async (id: string) =>
      (await api('POST', `/tests/cases/${id}/check-steps`, fx.a.viewer.token))
        .json()
        .steps.map((s: { status: string; intent: string | null }) => [s.status, s.intent]);
    // Without an account anywhere, which one is meant is not known.
    const bare = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, {
      name: `accounts ${Math.random()}`,
      steps,
    });
    expect((await statuses(bare.public_id)).map((s: string[]) => s[0])).toEqual([
      'needs_model',
      'needs_model',
      'understood',
      'needs_model',
    ]);
    // The case's context names one; "again" signs in with what the case signed in with before.
    const told = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, {
      name: `accounts told ${Math.random()}`,
      steps,
      context: 'Test account: Alex Morgan, alex@example.test / hunter2',
    });
    expect(await statuses(told.public_id)).toEqual([
      ['understood', 'composite'],
      ['understood', 'composite'],
      ['understood', 'tap'],
      ['understood', 'composite'],
    ]);
    // A suite's variables name accounts by person; one nobody is stays unread.
    const suite = await api('POST', '/tests/suites', fx.a.developer.token, {
      name: `accounts ${Math.random()}`,
      app_public_id: fx.appA.publicId,
    });
    const sid = suite.json().public_id;
    await api('PATCH', `/tests/suites/${sid}`, fx.a.developer.token, {
      variables: {
        sam_email: 'sam@example.test',
        sam_password: 'pw1',
        alex_email: 'alex@example.test',
        alex_password: 'pw2',
      },
    });
    const inSuite = await api('POST', `/tests/suites/${sid}/cases`, fx.a.developer.token, {
      name: 'people',
      steps: ["Sign in with Sam's account", "Sign in with Kim's account", 'Sign in with the test account'],
    });
    expect(inSuite.statusCode, inSuite.body).toBe(200);
    expect((await statuses(inSuite.json().public_id)).map((s: string[]) => s[0])).toEqual([
      'understood',
      'needs_model',
      'needs_model',
    ]);
    const kim = (await api('POST', `/tests/cases/${inSuite.json().public_id}/check-steps`, fx.a.viewer.token)).json()
      .steps[1];
    expect(kim.reason).toMatch(/account this case does not know: name it in the suite's variables/);
  });

  it('answers at once for a hostile context or variables, and reads no account from them', async () => {
    // Words that patterns scanning for "@" from every start would take minutes on: the server must keep serving.
    for (const context of ['a@'.repeat(10_000), 'x'.repeat(20_000), 'email: a\npassword: '.repeat(900)]) {
      const c = await createStandaloneCase(fx.t, fx.a.developer.token, fx.appA.publicId, {
        name: `hostile ${Math.random()}`,
        steps: ['Sign in with the test account'],
        context,
      });
      const started = performance.now();
      const r = await api('POST', `/tests/cases/${c.public_id}/check-steps`, fx.a.viewer.token);
      expect(r.statusCode, r.body).toBe(200);
      expect(performance.now() - started).toBeLessThan(5000);
      // Nothing there is an account (the repeated lines name one user, "a", with no password of its own shape).
      if (!context.startsWith('email')) expect(r.json().steps[0].status).toBe('needs_model');
      expect(r.body).not.toMatch(/a@a@a@/);
    }
    expect((await fx.t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
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

describe('POST /tests/cases/{case_id}/check-steps against the screens a run recorded', () => {
  let f: EngineFixture;
  let session: string;
  /** A suite whose cases start from a signed-out app (its data cleared). */
  let suite: string;
  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(1) });
    session = await activeSession(f);
    suite = await createSuite(f, {}, { reset_strategy: 'clear_data' });
  });
  const newCase = (body: Record<string, unknown>) => createCase(f, suite, { mode: 'ai', ...body });
  afterAll(async () => {
    await f?.close();
  });
  const check = async (caseId: string, body?: unknown, token = f.org.viewer.token) => {
    const r = await liveApi(f.t, token, 'POST', `/tests/cases/${caseId}/check-steps`, body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const read = (body: { steps: Array<{ kind: string; status: string; intent: string | null }> }) =>
    body.steps.map((s) => [s.kind, s.status, s.intent]);
  const steps = ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'Settings → Dark mode'];
  const assertions = ['"Simdeck Sample 1.2.0 (12)" is visible', 'Notifications'];

  it('a case run once is read against the screens its run recorded: forms that need a screen are understood', async () => {
    const caseId = await newCase({ steps, assertions });
    const before = await check(caseId);
    expect(before.screens_used).toBe(0);
    expect(read(before)[3]).toEqual(['step', 'not_understood', null]);
    const run = await runCase(f, caseId, session);
    expect(run.result.steps.map((s) => s.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    const db = f.t.container.db;
    const [kept] = await db.select().from(testRunScreens).where(eq(testRunScreens.runId, run.id));
    expect(kept!.sizeBytes).toBeGreaterThan(0);
    const [row] = await db.select().from(testRuns).where(eq(testRuns.id, run.id));
    expect(row!.artifactBytes).toBeGreaterThan(kept!.sizeBytes);

    const after = await check(caseId);
    expect(after).toMatchObject({ test_case_id: caseId, screens_used: 6, total: 6, understood: 5 });
    expect(read(after)).toEqual([
      ['step', 'understood', 'type'],
      ['step', 'understood', 'type'],
      ['step', 'understood', 'tap'],
      // "Settings → Dark mode": Settings is on the screen the step ran on, the rest is the path beyond it.
      ['step', 'understood', 'navigate'],
      ['assertion', 'understood', 'check_visible'],
      ['assertion', 'not_understood', null],
    ]);
    expect(after.steps[3]).toMatchObject({ reason: null, suggestions: [] });
    // Reading wrote nothing: the run and its screens are as they were.
    expect(await db.select().from(testRunScreens).where(eq(testRunScreens.runId, run.id))).toEqual([kept]);
    expect(await getRun(f, run.public_id)).toEqual(run);
    const other = await createOrgWithRoles(f.t, 'Other Org');
    const hidden = await liveApi(f.t, other.viewer.token, 'POST', `/tests/cases/${caseId}/check-steps`, undefined);
    expect(hidden.statusCode).toBe(404);

    // Unsaved text is read against the screen of its index; a line that differs from what ran is read by its text.
    const draft = await check(caseId, { steps: [...steps.slice(0, 3), 'Settings → Notifications', 'Settings'] });
    expect(draft.screens_used).toBe(5);
    expect(read(draft).slice(3, 5)).toEqual([
      ['step', 'not_understood', null],
      ['step', 'not_understood', null],
    ]);
    // So is a saved line edited since the run.
    await patch(f, `/tests/cases/${caseId}`, { steps: [...steps.slice(0, 3), 'Settings → Notifications'] });
    const edited = await check(caseId);
    expect(edited.screens_used).toBe(5);
    expect(read(edited)[3]).toEqual(['step', 'not_understood', null]);
  });

  it('a line a run could not read is answered with the names on the screen it ran on', async () => {
    const caseId = await newCase({ steps: [...steps.slice(0, 3), 'Item 3'] });
    const run = await runCase(f, caseId, session);
    expect(run.status).toBe('failed');
    const body = await check(caseId);
    expect(body.screens_used).toBe(4);
    expect(body.steps[3]).toMatchObject({ status: 'not_understood', intent: null });
    expect(body.steps[3].suggestions[0]).toBe('Tap "Item 1"');
    expect(body.steps[3].suggestions).toContain('Tap "Name"');
  });

  it('a case with no runs, and text for a case not created yet, are read by their text alone', async () => {
    const caseId = await newCase({ steps, assertions });
    const body = await check(caseId);
    expect(body.screens_used).toBe(0);
    expect(read(body)[3]).toEqual(['step', 'not_understood', null]);
    const fresh = await liveApi(f.t, f.org.viewer.token, 'POST', '/tests/check-steps', { app_id: f.appId, steps });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ test_case_id: null, screens_used: 0, understood: 3 });
  });
});
