import { z } from 'zod';
import { DEVICE_CATEGORIES, DEVICE_TYPES } from '../../db/schema';

export const Device = z.object({
  id: z.number().int(),
  device_id: z.string(),
  worker_id: z.string(),
  name: z.string(),
  model: z.string(),
  type: z.enum(DEVICE_TYPES),
  category: z.enum(DEVICE_CATEGORIES),
  os_version: z.string(),
  status: z.enum(['available', 'busy']),
  virtual: z.boolean().meta({
    description:
      'Additive: a simdeck virtual device (the built-in fleet): it renders apps from their simdeck app model, not a real OS',
  }),
});
export type Device = z.infer<typeof Device>;

export const DevicePool = z.object({
  group_key: z.string(),
  model: z.string(),
  os_version: z.string(),
  device_type: z.enum(DEVICE_TYPES),
  category: z.enum(DEVICE_CATEGORIES),
  total: z.number().int(),
  free: z.number().int(),
  virtual: z.boolean().meta({ description: 'Additive: every device of the group is a simdeck virtual device' }),
});

export const ListDevicesQuery = z.object({
  device_type: z.enum(DEVICE_TYPES).optional(),
  category: z.enum(DEVICE_CATEGORIES).optional(),
});
export const DeviceParams = z.object({ device_id: z.string().min(1).max(200) });
