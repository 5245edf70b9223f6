import { loadCsvStringify } from '../../lazy-modules';
import { requireOrgAccess, type Ctx } from '../../context';
import { apiTime } from '../../http/api-time';
import * as repo from './audit.repository';
import {
  TIME_RANGES,
  type AuditEvent,
  type AuditEventList,
  type AuditFilterQuery,
  type AuditListQuery,
} from './audit.schemas';

/** The CSV export stops at this many rows (newest first); narrow it with the filters for more. */
export const CSV_MAX_ROWS = 100_000;
const CSV_PAGE = 2_000;

type AuditRow = Awaited<ReturnType<typeof repo.listAuditEvents>>[number];

function toEvent(r: AuditRow): AuditEvent {
  return {
    id: r.id,
    user_email: r.userEmail,
    action: r.action,
    resource_type: r.resourceType,
    resource_id: r.resourceId,
    details: r.details ?? null,
    created_at: apiTime(r.createdAt),
  };
}

/**
 * A cell a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading single quote, so
 * exported user-controlled text (names, labels, emails) cannot become a formula (CSV injection).
 */
export function formulaSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export class AuditService {
  private filter(ctx: Ctx, orgId: number, q: AuditFilterQuery): repo.AuditFilter {
    return {
      organizationId: orgId,
      actionContains: q.action,
      userEmail: q.user_email,
      resourceType: q.resource_type,
      since: q.time_range ? new Date(ctx.clock.now().getTime() - TIME_RANGES[q.time_range]) : undefined,
    };
  }

  /** Filtered page of the organization's audit log, newest first, with the total that matched. */
  async listAuditEvents({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { orgId: number; query: AuditListQuery };
  }): Promise<AuditEventList> {
    requireOrgAccess(ctx, input.orgId, 'viewer');
    const f = this.filter(ctx, input.orgId, input.query);
    const [total, rows] = await Promise.all([
      repo.countAuditEvents(ctx.db, f),
      repo.listAuditEvents(ctx.db, f, { limit: input.query.limit, offset: input.query.offset }),
    ]);
    return { total, events: rows.map(toEvent) };
  }

  /** The same log as CSV (Date, User, Action, Resource Type, Resource ID, Details), newest first. */
  async exportAuditEventsCsv({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { orgId: number; query: AuditFilterQuery };
  }): Promise<string> {
    requireOrgAccess(ctx, input.orgId, 'viewer');
    const f = this.filter(ctx, input.orgId, input.query);
    const records: string[][] = [];
    for (let offset = 0; offset < CSV_MAX_ROWS; offset += CSV_PAGE) {
      const rows = await repo.listAuditEvents(ctx.db, f, { limit: Math.min(CSV_PAGE, CSV_MAX_ROWS - offset), offset });
      for (const r of rows) {
        records.push(
          [
            apiTime(r.createdAt),
            r.userEmail,
            r.action,
            r.resourceType,
            r.resourceId,
            r.details == null ? '' : JSON.stringify(r.details),
          ].map(formulaSafe),
        );
      }
      if (rows.length < CSV_PAGE) break;
    }
    return loadCsvStringify().stringify(records, {
      header: true,
      columns: ['Date', 'User', 'Action', 'Resource Type', 'Resource ID', 'Details'],
    });
  }
}
