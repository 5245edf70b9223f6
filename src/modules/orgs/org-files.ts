import type { DbOrTx } from '../../db/client';
import { appPublicIdsOfOrg } from '../apps/apps.repository';
import { casePublicIdsOfOrg } from '../catalogue/cases.repository';
import { runPublicIdsOfOrg } from '../engine/runs.repository';

/**
 * Every storage folder that holds an organization's files: app packages and icons, baselines,
 * run screenshots. Read before the organization's rows go, for the purge job.
 */
export async function storagePrefixesOfOrg(db: DbOrTx, orgId: number): Promise<string[]> {
  // One after another: inside a transaction there is one connection to send them on.
  const apps = await appPublicIdsOfOrg(db, orgId);
  const cases = await casePublicIdsOfOrg(db, orgId);
  const runs = await runPublicIdsOfOrg(db, orgId);
  return [
    ...apps.map((id) => `apps/${id}`),
    ...cases.map((id) => `baselines/${id}`),
    ...runs.map((id) => `runs/${id}`),
  ];
}
