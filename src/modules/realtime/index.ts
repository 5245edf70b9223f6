export { CredentialWatch } from './credential-watch';
export { RealtimeHub } from './realtime-hub';
export type { RealtimeMessage } from './realtime-hub';
