import { requireRole, type Ctx } from '../../context';
import { notFound } from '../../errors';
import * as repo from './devices.repository';
import type { Device } from './devices.schemas';

/** The driver the built-in fleet's workers announce. */
const VIRTUAL_DRIVER = 'virtual';

type Row = Awaited<ReturnType<typeof repo.listReachable>>[number];

function shape(d: Row): Device {
  return {
    id: d.id,
    device_id: d.deviceId,
    worker_id: d.workerId,
    name: d.name,
    model: d.model,
    type: d.type,
    category: d.category,
    os_version: d.osVersion,
    status: d.status === 'busy' ? 'busy' : 'available',
    virtual: d.driver === VIRTUAL_DRIVER,
  };
}

/** The device catalogue as workers registered it: only reachable (available or busy) devices. */
export class DevicesService {
  async listDevices({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { device_type?: 'ios' | 'android'; category?: 'phone' | 'tablet' | 'tv' };
  }): Promise<Device[]> {
    requireRole(ctx, 'viewer');
    return (await repo.listReachable(ctx.db, { type: input.device_type, category: input.category })).map(shape);
  }

  async getDevice({ ctx, input }: { ctx: Ctx; input: { deviceId: string } }): Promise<Device> {
    requireRole(ctx, 'viewer');
    const row = await repo.findReachable(ctx.db, input.deviceId);
    if (!row) throw notFound('Device');
    return shape(row);
  }

  /** One entry per (model, OS, platform, category); groups with no reachable device are absent. */
  async listDevicePools({ ctx }: { ctx: Ctx }) {
    requireRole(ctx, 'viewer');
    const groups = new Map<
      string,
      {
        group_key: string;
        model: string;
        os_version: string;
        device_type: 'ios' | 'android';
        category: 'phone' | 'tablet' | 'tv';
        total: number;
        free: number;
        virtual: boolean;
      }
    >();
    for (const d of await repo.listReachable(ctx.db)) {
      const key = `${d.type}:${d.category}:${d.model}:${d.osVersion}`;
      let g = groups.get(key);
      if (!g)
        groups.set(
          key,
          (g = {
            group_key: key,
            model: d.model,
            os_version: d.osVersion,
            device_type: d.type,
            category: d.category,
            total: 0,
            free: 0,
            virtual: true,
          }),
        );
      g.total++;
      if (d.driver !== VIRTUAL_DRIVER) g.virtual = false;
      if (d.status === 'available' && !d.leasedSessionId) g.free++;
    }
    return [...groups.values()];
  }
}
