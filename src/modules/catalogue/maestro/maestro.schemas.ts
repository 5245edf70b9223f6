import { z } from 'zod';

export const ImportMaestroQuery = z.object({
  app_id: z.string().max(64).optional(),
  suite_id: z.string().max(64).optional().meta({
    description:
      "Re-import into this suite: the flows replace its Maestro cases (a flow at the same path keeps its case, runs and baselines); 404 if it is not the organization's",
  }),
});

export const MaestroImportResponse = z.object({
  public_id: z.string(),
  name: z.string(),
  case_count: z.number().int(),
  warnings: z.array(z.string()),
  added: z.number().int().meta({ description: 'Cases created for flows the suite did not have' }),
  updated: z.number().int().meta({ description: 'Cases of flows at the same path, updated in place' }),
  removed: z.number().int().meta({ description: 'Maestro cases whose file is gone from the upload, deleted' }),
});
