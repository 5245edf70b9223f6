export { createAiServices } from './ai';
export type { AiServices } from './ai';
export { DeviceToolsService } from './device-tools.service';
export { DEVICE_TOOLS } from './device-tools';
