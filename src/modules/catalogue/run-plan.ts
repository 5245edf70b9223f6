import type { DbOrTx } from '../../db/client';
import { findCaseById, findCasesByIds, listReusableCasesOfApp, type CaseRow } from './cases.repository';
import { findSuiteById, type SuiteRow } from './suites.repository';

/** How deep sub-flows may nest, and how many reusable cases a plan reads at most. */
export const FLOW_DEPTH = 5;
const MAX_FLOWS = 500;

/**
 * Everything a run reads from the catalogue, read once when it starts: the case, the suite it
 * belongs to (variables, context, visual tiers, reset strategy), and the reusable cases it may
 * enter — its sub-flows (`sub_flow_ids`, nested up to `FLOW_DEPTH`) and those a step names with
 * `run flow "Name"` (the app's own first, then those of no app).
 */
export interface RunPlan {
  testCase: CaseRow;
  publicId: string;
  /** The case's own app, or its suite's. */
  appId: number | null;
  suite: SuiteRow | null;
  flows: {
    /** Reusable cases by internal id, in the order asked for; unknown ids are left out. */
    byIds(ids: number[]): CaseRow[];
    byName(name: string): CaseRow | null;
  };
}

/** The run plan of one of the organization's cases; undefined when the case is not the organization's. */
export async function loadRunPlan(db: DbOrTx, orgId: number, caseId: number): Promise<RunPlan | undefined> {
  const found = await findCaseById(db, orgId, caseId);
  if (!found) return undefined;
  const suite = found.c.suiteId ? ((await findSuiteById(db, orgId, found.c.suiteId)) ?? null) : null;
  const byId = new Map<number, CaseRow>();
  const reusable = await listReusableCasesOfApp(db, orgId, found.effectiveAppId, MAX_FLOWS);
  for (const r of reusable) byId.set(r.id, r);
  // The sub-flow closure, level by level: one query per level for the ids not read yet.
  let wanted = found.c.subFlowIds;
  for (let depth = 0; depth <= FLOW_DEPTH && wanted.length && byId.size < MAX_FLOWS; depth++) {
    const missing = [...new Set(wanted)].filter((id) => !byId.has(id));
    for (const r of await findCasesByIds(db, orgId, missing)) byId.set(r.id, r);
    wanted = wanted.flatMap((id) => byId.get(id)?.subFlowIds ?? []);
  }
  const named = (name: string) => reusable.filter((r) => r.name.toLowerCase() === name.trim().toLowerCase());
  return {
    testCase: found.c,
    publicId: found.c.publicId,
    appId: found.effectiveAppId,
    suite,
    flows: {
      byIds: (ids) => ids.map((id) => byId.get(id)).filter((r): r is CaseRow => !!r),
      byName: (name) => {
        const rows = named(name);
        return rows.find((r) => r.appId === found.effectiveAppId) ?? rows.find((r) => r.appId === null) ?? null;
      },
    },
  };
}
