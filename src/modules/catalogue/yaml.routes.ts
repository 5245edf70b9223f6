import { AppError } from '../../errors';
import type { App } from '../../http/types';
import { TESTS_TAG as tags } from './catalogue.schemas';
import { MAX_YAML_BYTES } from './suite-yaml';
import { ImportResponse, ImportYamlQuery, SuiteIdParams } from './suites.schemas';
import type { SuiteYamlService } from './yaml.service';

/** Needs the multipart parser of the catalogue's scope (catalogue.routes.ts). */
export function registerYamlRoutes(app: App, svc: SuiteYamlService): void {
  app.get('/tests/suites/:suite_id/export-yaml', {
    schema: { tags, summary: 'Export a suite as YAML', params: SuiteIdParams },
    handler: async (req, reply) => {
      const { fileName, body } = await svc.exportSuiteYaml({ ctx: req.ctx, input: { suiteId: req.params.suite_id } });
      return reply.header('content-type', 'text/yaml; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(body);
    },
  });
  app.post('/tests/suites/import-yaml', {
    schema: { tags, summary: 'Import a suite from a YAML file (multipart field `file`)', querystring: ImportYamlQuery, response: { 200: ImportResponse } },
    handler: async (req) => {
      requireMultipart(req.headers['content-type']);
      let text: string | undefined;
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          const bytes = await part.toBuffer().catch((err: { code?: string }) => {
            if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', `file: larger than ${MAX_YAML_BYTES} bytes`);
            throw err;
          });
          text = bytes.toString('utf8');
        }
      }
      if (text === undefined) throw new AppError('BAD_REQUEST', 'file: required');
      return svc.importSuiteYaml({ ctx: req.ctx, input: { appPublicId: req.query.app_id, text } });
    },
  });
}

function requireMultipart(contentType: string | undefined): void {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) throw new AppError('BAD_REQUEST', 'file: send the YAML as multipart/form-data field `file`');
}
