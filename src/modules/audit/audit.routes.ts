import type { RouteModule } from '../../http/types';
import { OrgParams } from '../../http/schemas';
import { AuditEventList, AuditFilterQuery, AuditListQuery } from './audit.schemas';

export const auditRoutes: RouteModule = (app, { services }) => {
  const tags = ['audit'];
  app.get('/organizations/:org_id/audit-events', {
    schema: {
      tags,
      summary: 'Audit log, newest first (viewer)',
      params: OrgParams,
      querystring: AuditListQuery,
      response: { 200: AuditEventList },
    },
    handler: (req) =>
      services.audit.listAuditEvents({ ctx: req.ctx, input: { orgId: req.params.org_id, query: req.query } }),
  });

  app.get('/organizations/:org_id/audit-events/csv', {
    schema: {
      tags,
      summary: 'Audit log as a CSV download (viewer)',
      params: OrgParams,
      querystring: AuditFilterQuery,
      produces: ['text/csv'],
    },
    handler: async (req, reply) => {
      const csv = await services.audit.exportAuditEventsCsv({
        ctx: req.ctx,
        input: { orgId: req.params.org_id, query: req.query },
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-events-${req.params.org_id}.csv"`)
        .send(csv);
    },
  });
};
