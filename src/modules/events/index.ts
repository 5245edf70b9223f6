export { OUTBOX_WAKEUP_TOPIC } from './events.repository';
export { emitEvent } from './events';
export type { EventType } from './events';
