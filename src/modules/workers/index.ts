export { ClusterDeviceRouter } from './cluster-router';
export { FileLinks } from './file-links';
export { WorkerCredentials } from './worker-credentials';
export { InMemoryDeviceRouter } from './worker-hub';
export type { DeviceRouter } from './worker-hub';
export { WorkersService } from './workers.service';
