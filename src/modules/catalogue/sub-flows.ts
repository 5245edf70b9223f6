import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import * as repo from './cases.repository';

/**
 * The ids of a case's sub-flows, in the given order: each must be a reusable case of the same
 * organization (404 otherwise) and app, not the case itself, and the list must not close a cycle.
 */
export async function resolveSubFlows(
  db: DbOrTx,
  input: { orgId: number; selfId: number; appId: number | null; publicIds: string[] },
): Promise<number[]> {
  const { orgId, selfId, appId, publicIds } = input;
  const found = await repo.findCasesByPublicIds(db, orgId, [...new Set(publicIds)]);
  const byPublic = new Map(found.map((f) => [f.publicId, f]));
  const ids = publicIds.map((pid, i) => {
    const sub = byPublic.get(pid);
    if (!sub) throw new AppError('NOT_FOUND', `sub_flow_ids[${i}]: test case ${pid} not found`);
    if (sub.id === selfId) throw new AppError('BAD_REQUEST', `sub_flow_ids[${i}]: a case cannot be its own sub-flow`);
    if (!sub.isReusable) throw new AppError('BAD_REQUEST', `sub_flow_ids[${i}]: test case ${pid} is not reusable`);
    if (sub.effectiveAppId !== appId)
      throw new AppError('BAD_REQUEST', `sub_flow_ids[${i}]: test case ${pid} belongs to a different app`);
    return sub.id;
  });
  const graph = await repo.subFlowGraph(db, orgId);
  graph.set(selfId, ids);
  if (reaches(graph, ids, selfId))
    throw new AppError('BAD_REQUEST', 'sub_flow_ids: this would create a cycle of sub-flows');
  return ids;
}

/** Whether `target` is reachable from `start` through the sub-flow graph. */
function reaches(graph: Map<number, number[]>, start: number[], target: number): boolean {
  const seen = new Set<number>();
  const stack = [...start];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === target) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.get(id) ?? []));
  }
  return false;
}
