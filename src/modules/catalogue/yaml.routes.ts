import { uploadRateLimits } from '../../http/rate-limits';
import { multipartUploadSource } from '../../uploads/upload-receiver';
import type { App } from '../../http/types';
import { TESTS_TAG as tags } from './catalogue.schemas';
import { MAX_YAML_BYTES } from './suite-yaml';
import { ImportResponse, ImportYamlQuery, SuiteIdParams } from './suites.schemas';
import type { SuiteYamlService } from './yaml.service';

/** Needs the catalogue scope to accept multipart bodies (catalogue.routes.ts). */
export function registerYamlRoutes(app: App, svc: SuiteYamlService): void {
  app.get('/tests/suites/:suite_id/export-yaml', {
    schema: { tags, summary: 'Export a suite as YAML', params: SuiteIdParams },
    handler: async (req, reply) => {
      const { fileName, body } = await svc.exportSuiteYaml({ ctx: req.ctx, input: { suiteId: req.params.suite_id } });
      return reply
        .header('content-type', 'text/yaml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(body);
    },
  });
  app.post('/tests/suites/import-yaml', {
    preHandler: uploadRateLimits(app),
    schema: {
      tags,
      summary: 'Import a suite from a YAML file (multipart field `file`)',
      querystring: ImportYamlQuery,
      response: { 200: ImportResponse },
    },
    handler: (req) =>
      svc.importSuiteYaml({
        ctx: req.ctx,
        input: { appPublicId: req.query.app_id, source: multipartUploadSource(req, { maxBytes: MAX_YAML_BYTES }) },
      }),
  });
}
