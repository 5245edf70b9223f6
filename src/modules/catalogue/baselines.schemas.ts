import { z } from 'zod';
import { ApiTimestamp } from '../../http/api-time';
import { PathId } from './catalogue.schemas';

export const BaselineFileParams = z.object({
  case_id: PathId,
  file: z.string().regex(/^step_\d{1,6}\.jpg$/, 'must be step_<index>.jpg'),
});

export const BaselineResponse = z.object({
  step_index: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  device_name: z.string().nullable(),
  source_run_id: z.string().nullable().meta({ description: 'Public id of the run that wrote the baseline' }),
  image_url: z.string(),
  created_at: ApiTimestamp,
  updated_at: ApiTimestamp,
});
export type BaselineResponse = z.infer<typeof BaselineResponse>;
