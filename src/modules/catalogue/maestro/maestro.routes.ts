import { uploadRateLimits } from '../../../http/rate-limits';
import type { App } from '../../../http/types';
import { multipartUploadSource } from '../../../uploads/upload-receiver';
import { TESTS_TAG as tags } from '../catalogue.schemas';
import { MAX_YAML_BYTES } from '../suite-yaml';
import { SuiteIdParams } from '../suites.schemas';
import { ImportMaestroQuery, MaestroImportResponse } from './maestro.schemas';
import type { MaestroFlowsService } from './maestro.service';

/** A zipped flows folder may hold many flows: up to 8 times a single YAML file's cap. */
const MAX_FLOWS_UPLOAD_BYTES = 8 * MAX_YAML_BYTES;

/** Needs the catalogue scope to accept multipart bodies (catalogue.routes.ts). */
export function registerMaestroRoutes(app: App, svc: MaestroFlowsService): void {
  app.post('/tests/suites/import-maestro', {
    preHandler: uploadRateLimits(app),
    schema: {
      tags,
      summary:
        'Import Maestro flows (multipart field `file`: one flow .yaml, or a flows folder as .zip), as a new suite or into `suite_id`',
      querystring: ImportMaestroQuery,
      response: { 200: MaestroImportResponse },
    },
    handler: (req) =>
      svc.importFlows({
        ctx: req.ctx,
        input: {
          appPublicId: req.query.app_id,
          suiteId: req.query.suite_id,
          source: multipartUploadSource(req, { maxBytes: MAX_FLOWS_UPLOAD_BYTES }),
        },
      }),
  });
  app.get('/tests/suites/:suite_id/export-maestro', {
    schema: { tags, summary: "Export a suite's Maestro flows as a .zip Maestro runs", params: SuiteIdParams },
    handler: async (req, reply) => {
      const { fileName, body } = await svc.exportFlows({ ctx: req.ctx, input: { suiteId: req.params.suite_id } });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(body);
    },
  });
}
