export { listResourceAudit } from './audit.repository';
export { recordAudit } from './audit.recorder';
export type { AuditEntry } from './audit.recorder';
export { AuditService } from './audit.service';
