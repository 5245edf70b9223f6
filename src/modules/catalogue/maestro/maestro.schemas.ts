import { z } from 'zod';

export const ImportMaestroQuery = z.object({ app_id: z.string().max(64).optional() });

export const MaestroImportResponse = z.object({
  public_id: z.string(),
  name: z.string(),
  case_count: z.number().int(),
  warnings: z.array(z.string()),
});
