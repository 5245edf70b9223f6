export {
  deviceTearDownLeftMs,
  findDevice,
  finishDeviceTearDown,
  fleetServes,
  leaseDevice,
  lockFreeDevice,
  releaseDeviceLease,
  releaseOrphanLeases,
} from './devices.repository';
export type { DeviceRow } from './devices.repository';
export { DevicesService } from './devices.service';
