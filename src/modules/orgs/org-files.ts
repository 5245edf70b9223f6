import type { DbOrTx } from '../../db/client';
import { appPublicIdsOfOrg } from '../apps/apps.repository';
import { casePublicIdsOfOrg } from '../catalogue/cases.repository';
import { runPublicIdsOfOrg } from '../engine/runs.repository';

/**
 * Every storage folder that holds an organization's files: app packages and icons, baselines,
 * run screenshots. Read before the organization's rows go, for the purge job.
 */
export async function storagePrefixesOfOrg(db: DbOrTx, orgId: number): Promise<string[]> {
  const [apps, cases, runs] = await Promise.all([appPublicIdsOfOrg(db, orgId), casePublicIdsOfOrg(db, orgId), runPublicIdsOfOrg(db, orgId)]);
  return [...apps.map((id) => `apps/${id}`), ...cases.map((id) => `baselines/${id}`), ...runs.map((id) => `runs/${id}`)];
}
