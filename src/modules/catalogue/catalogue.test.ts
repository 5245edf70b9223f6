import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext, type Ctx } from '../../context';
import * as schema from '../../db/schema';
import {
  createAppRow,
  createStandaloneCase,
  createSuite,
  createSuiteCase,
  insertSuiteRun,
  insertTestRun,
  useCatalogueFixture,
} from '../../../test/harness/catalogue-factories';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { deriveRecordingFields } from './recording';
import { parseSuiteYaml, slugify } from './suite-yaml';

const fx = useCatalogueFixture();
let pool: pg.Pool;
let queries: string[] = [];

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: fx.t.databaseUrl, max: 2 });
});
afterAll(async () => pool?.end());

/** A context whose database counts every statement it sends. */
function countingCtx(org: OrgWithRoles): Ctx {
  const db = drizzle(pool, { schema, logger: { logQuery: (q) => void queries.push(q) } });
  return { ...systemContext({ db, clock: fx.t.clock, log: fx.t.container.log }, { id: org.orgId, role: 'viewer' }) };
}

async function seed(org: OrgWithRoles, suites: number) {
  const app = await createAppRow(fx.t, org.orgId);
  for (let i = 0; i < suites; i++) {
    const s = await createSuite(fx.t, org.developer.token, {
      name: `s${i}`,
      app_public_id: app.publicId,
      tags: [`t${i % 3}`, 'all'],
    });
    const c = await createSuiteCase(fx.t, org.developer.token, s.public_id);
    await createSuiteCase(fx.t, org.developer.token, s.public_id, { name: 'two' });
    await insertSuiteRun(fx.t, org.orgId, s.id, i % 2 ? 'passed' : 'failed');
    await insertTestRun(fx.t, org.orgId, c.id, 'passed');
  }
  for (let i = 0; i < suites; i++)
    await createStandaloneCase(fx.t, org.developer.token, app.publicId, { name: `sa${i}` });
}

describe('query counts do not grow with the data', () => {
  it('listSuites, listTags and listStandaloneCases use a constant number of statements', async () => {
    const small = await createOrgWithRoles(fx.t, 'small');
    const large = await createOrgWithRoles(fx.t, 'large');
    await seed(small, 2);
    await seed(large, 25);
    const { suites, cases: caseService } = fx.t.container.services.catalogue;
    const count = async (org: OrgWithRoles, fn: (ctx: Ctx) => Promise<unknown[]>) => {
      queries = [];
      const rows = await fn(countingCtx(org));
      return { n: queries.length, rows: rows.length };
    };
    const listAll = (ctx: Ctx) => suites.listSuites({ ctx, input: { match: 'any' } });
    const listTagged = (ctx: Ctx) => suites.listSuites({ ctx, input: { tags: 't1,all', match: 'all' } });
    const cases = (ctx: Ctx) => caseService.listStandaloneCases({ ctx, input: { reusable: undefined } });
    const tags = (ctx: Ctx) => suites.listTags({ ctx });
    for (const fn of [listAll, listTagged, cases, tags]) {
      const a = await count(small, fn);
      const b = await count(large, fn);
      expect(b.rows).toBeGreaterThan(a.rows);
      expect(b.n).toBe(a.n);
    }
    expect((await count(large, listAll)).n).toBe(1);
    expect((await count(large, listAll)).rows).toBe(25);
  });
});

describe('pure helpers', () => {
  it('derives the recording fields', () => {
    const d = deriveRecordingFields(
      ['a', { text: 'b', action_indices: [0, 1] }],
      [{ type: 'tap' }, { type: 'tap' }, { type: 'swipe' }],
    );
    expect(d).toEqual({
      step_count: 2,
      has_source_recording: true,
      source_recording_summary: { total_actions: 3, gesture_counts: { tap: 2, swipe: 1 } },
      source_gesture_list: ['tap', 'tap', 'swipe'],
      step_gesture_groups: [[], [0, 1]],
    });
    expect(deriveRecordingFields([], null).has_source_recording).toBe(false);
  });

  it('slugifies suite names for file names', () => {
    expect(slugify('Checkout Flow (v2)')).toBe('checkout-flow-v2');
    expect(slugify('Ünïcödé  --  Test')).toBe('unicode-test');
    expect(slugify('!!!')).toBe('suite');
  });

  it('merges stepActions into steps and defaults the visual thresholds', () => {
    const doc = parseSuiteYaml(
      'name: n\ncases:\n  - name: c\n    steps: [a, {text: b}]\n    stepActions: [[0], []]\n    sourceRecording: [{type: wait, t_ms: 0, duration_ms: 5}]\n',
    );
    expect(doc.cases[0]!.steps).toEqual([{ text: 'a', action_indices: [0] }, { text: 'b' }]);
    expect([doc.visualWarnPct, doc.visualFailPct]).toEqual([10, 25]);
    expect(doc.accessibility).toBe('warn');
    expect(() => parseSuiteYaml('name: n\naccessibility: loud\n')).toThrow(
      /accessibility: must be one of off, warn, fail/,
    );
  });
});

describe('docs/test-catalogue.md', () => {
  it('its YAML example is a valid suite document', async () => {
    const fs = await import('node:fs');
    const md = fs.readFileSync(new URL('../../../docs/test-catalogue.md', import.meta.url), 'utf8');
    const example = /```yaml\n([\s\S]*?)```/.exec(md)![1]!;
    const doc = parseSuiteYaml(example);
    expect(doc).toMatchObject({
      name: 'Checkout Flow (v2)',
      appId: 'com.example.shop',
      visualWarnPct: null,
      visualFailPct: 30,
      accessibility: 'fail',
      tags: ['checkout', 'Smoke'],
    });
    expect(doc.cases[0]!.steps[1]).toEqual({
      text: 'Sign in as {{email}}',
      action_indices: [1],
      visual: { mode: 'custom', warn_pct: 5, fail_pct: 15 },
    });
  });
});
