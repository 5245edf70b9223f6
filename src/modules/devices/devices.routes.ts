import { z } from 'zod';
import type { RouteModule } from '../../http/types';
import { Device, DeviceParams, DevicePool, ListDevicesQuery } from './devices.schemas';

export const devicesRoutes: RouteModule = (app, { services }) => {
  const tags = ['devices'];
  app.get('/devices', {
    schema: {
      tags,
      summary: 'List reachable devices',
      querystring: ListDevicesQuery,
      response: { 200: z.array(Device) },
    },
    handler: (req) => services.devices.listDevices({ ctx: req.ctx, input: req.query }),
  });
  app.get('/devices/pools', {
    schema: {
      tags,
      summary: 'Device pools (model, OS, platform, category) with free counts',
      response: { 200: z.array(DevicePool) },
    },
    handler: (req) => services.devices.listDevicePools({ ctx: req.ctx }),
  });
  app.get('/devices/:device_id', {
    schema: { tags, summary: 'Get a device', params: DeviceParams, response: { 200: Device } },
    handler: (req) => services.devices.getDevice({ ctx: req.ctx, input: { deviceId: req.params.device_id } }),
  });
};
