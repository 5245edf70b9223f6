import multipart from '@fastify/multipart';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { App, RouteModule } from '../../http/types';
import { MAX_YAML_BYTES } from './suite-yaml';
import {
  BaselineResponse,
  CaseIdParams,
  CaseResponse,
  CopyCaseBody,
  CreateStandaloneCaseBody,
  CreateSuiteBody,
  CreateSuiteCaseBody,
  ImportResponse,
  ImportYamlQuery,
  ListCasesQuery,
  ListSuitesQuery,
  RunIdParams,
  RunResponse,
  StatusResponse,
  SuiteCaseParams,
  SuiteIdParams,
  SuiteResponse,
  SuiteRunIdParams,
  SuiteRunResponse,
  SuiteWithCasesResponse,
  TagResponse,
  UpdateCaseBody,
  UpdateRunQuery,
  UpdateSuiteBody,
} from './tests.schemas';

const tags = ['tests'];

export const testsRoutes: RouteModule = async (root, { services }) => {
  // Own encapsulated scope: the multipart parser registered here does not leak to other modules.
  await root.register(async (scope) => {
    const app = scope as unknown as App;
    await app.register(multipart, { limits: { fileSize: MAX_YAML_BYTES, files: 1, fields: 10, parts: 11 } });
    const svc = services.tests;

    app.get('/tests/suites', {
      schema: { tags, summary: 'List test suites', querystring: ListSuitesQuery, response: { 200: z.array(SuiteResponse) } },
      handler: (req) => svc.listSuites({ ctx: req.ctx, input: req.query }),
    });
    app.post('/tests/suites', {
      schema: { tags, summary: 'Create a test suite', body: CreateSuiteBody, response: { 200: SuiteResponse } },
      handler: (req) => svc.createSuite({ ctx: req.ctx, input: req.body }),
    });
    app.get('/tests/suites/:suite_id', {
      schema: { tags, summary: 'Get a suite with its cases', params: SuiteIdParams, response: { 200: SuiteWithCasesResponse } },
      handler: (req) => svc.getSuite({ ctx: req.ctx, suiteId: req.params.suite_id }),
    });
    app.patch('/tests/suites/:suite_id', {
      schema: { tags, summary: 'Update a suite', params: SuiteIdParams, body: UpdateSuiteBody, response: { 200: SuiteResponse } },
      handler: (req) => svc.updateSuite({ ctx: req.ctx, suiteId: req.params.suite_id, input: req.body }),
    });
    app.delete('/tests/suites/:suite_id', {
      schema: { tags, summary: 'Delete a suite and its cases', params: SuiteIdParams, response: { 200: StatusResponse } },
      handler: (req) => svc.deleteSuite({ ctx: req.ctx, suiteId: req.params.suite_id }),
    });
    app.get('/tests/suites/:suite_id/export-yaml', {
      schema: { tags, summary: 'Export a suite as YAML', params: SuiteIdParams },
      handler: async (req, reply) => {
        const { fileName, body } = await svc.exportSuiteYaml({ ctx: req.ctx, suiteId: req.params.suite_id });
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
        return svc.importSuiteYaml({ ctx: req.ctx, appPublicId: req.query.app_id, text });
      },
    });
    app.get('/tests/tags', {
      schema: { tags, summary: "The organization's tags with suite counts", response: { 200: z.array(TagResponse) } },
      handler: (req) => svc.listTags({ ctx: req.ctx }),
    });

    app.post('/tests/suites/:suite_id/cases', {
      schema: { tags, summary: 'Add a case to a suite', params: SuiteIdParams, body: CreateSuiteCaseBody, response: { 200: CaseResponse } },
      handler: (req) => svc.createSuiteCase({ ctx: req.ctx, suiteId: req.params.suite_id, input: req.body }),
    });
    app.post('/tests/suites/:suite_id/cases/:case_id/copy', {
      schema: { tags, summary: 'Copy a case into another suite', params: SuiteCaseParams, body: CopyCaseBody, response: { 200: CaseResponse } },
      handler: (req) => svc.copyCase({ ctx: req.ctx, suiteId: req.params.suite_id, caseId: req.params.case_id, targetSuiteId: req.body.target_suite_id }),
    });
    app.post('/tests/cases', {
      schema: { tags, summary: 'Create or update (by name and app) a standalone case', body: CreateStandaloneCaseBody, response: { 200: CaseResponse } },
      handler: (req) => svc.createStandaloneCase({ ctx: req.ctx, input: req.body }),
    });
    app.get('/tests/cases', {
      schema: { tags, summary: 'List standalone cases', querystring: ListCasesQuery, response: { 200: z.array(CaseResponse) } },
      handler: (req) => svc.listStandaloneCases({ ctx: req.ctx, reusable: req.query.reusable }),
    });
    app.get('/tests/cases/:case_id', {
      schema: { tags, summary: 'Get a case', params: CaseIdParams, response: { 200: CaseResponse } },
      handler: (req) => svc.getCase({ ctx: req.ctx, caseId: req.params.case_id }),
    });
    app.patch('/tests/cases/:case_id', {
      schema: { tags, summary: 'Update a case', params: CaseIdParams, body: UpdateCaseBody, response: { 200: CaseResponse } },
      handler: (req) => svc.updateCase({ ctx: req.ctx, caseId: req.params.case_id, input: req.body }),
    });
    app.delete('/tests/cases/:case_id', {
      schema: { tags, summary: 'Delete a case', params: CaseIdParams, response: { 200: StatusResponse } },
      handler: (req) => svc.deleteCase({ ctx: req.ctx, caseId: req.params.case_id }),
    });

    app.post('/tests/cases/:case_id/run', {
      schema: { tags, summary: 'Record a pending run (nothing is executed)', params: CaseIdParams, response: { 200: RunResponse } },
      handler: (req) => svc.createRun({ ctx: req.ctx, caseId: req.params.case_id }),
    });
    app.get('/tests/cases/:case_id/runs', {
      schema: { tags, summary: 'Runs of a case, most recent first', params: CaseIdParams, response: { 200: z.array(RunResponse) } },
      handler: (req) => svc.listCaseRuns({ ctx: req.ctx, caseId: req.params.case_id }),
    });
    app.get('/tests/cases/:case_id/baselines', {
      schema: { tags, summary: 'Baseline image records of a case', params: CaseIdParams, response: { 200: z.array(BaselineResponse) } },
      handler: (req) => svc.listBaselines({ ctx: req.ctx, caseId: req.params.case_id }),
    });
    app.get('/tests/cases/:case_id/baselines/:file', {
      schema: {
        tags,
        summary: 'Baseline JPEG of one step (step_<index>.jpg)',
        params: z.object({ case_id: z.string().min(1).max(64), file: z.string().regex(/^step_\d{1,6}\.jpg$/, 'must be step_<index>.jpg') }),
      },
      handler: async (req, reply) => {
        const stepIndex = Number(/^step_(\d+)\.jpg$/.exec(req.params.file)![1]);
        const bytes = await svc.getBaselineImage({ ctx: req.ctx, caseId: req.params.case_id, stepIndex });
        return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-cache').send(bytes);
      },
    });

    app.patch('/tests/runs/:run_id', {
      schema: { tags, summary: 'Set a run status and result', params: RunIdParams, querystring: UpdateRunQuery, response: { 200: RunResponse } },
      handler: (req) => svc.updateRun({ ctx: req.ctx, runId: req.params.run_id, input: req.query }),
    });
    app.get('/tests/runs/:run_id', {
      schema: { tags, summary: 'Get a test run', params: RunIdParams, response: { 200: RunResponse } },
      handler: (req) => svc.getRun({ ctx: req.ctx, runId: req.params.run_id }),
    });
    app.post('/tests/runs/:run_id/cancel', {
      schema: { tags, summary: 'Cancel an active run', params: RunIdParams, response: { 200: StatusResponse } },
      handler: (req) => svc.cancelRun({ ctx: req.ctx, runId: req.params.run_id }),
    });
    app.get('/tests/suite-runs/:suite_run_id', {
      schema: { tags, summary: 'Get a suite run with its test runs', params: SuiteRunIdParams, response: { 200: SuiteRunResponse } },
      handler: (req) => svc.getSuiteRun({ ctx: req.ctx, suiteRunId: req.params.suite_run_id }),
    });
  });
};

function requireMultipart(contentType: string | undefined): void {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) throw new AppError('BAD_REQUEST', 'file: send the YAML as multipart/form-data field `file`');
}
