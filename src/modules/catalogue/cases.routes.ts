import { z } from 'zod';
import type { App } from '../../http/types';
import { StatusResponse, TESTS_TAG as tags } from './catalogue.schemas';
import {
  CaseIdParams,
  CaseResponse,
  CopyCaseBody,
  CreateStandaloneCaseBody,
  CreateSuiteCaseBody,
  ListCasesQuery,
  QuarantineBody,
  ReleaseQuarantineQuery,
  SuiteCaseParams,
  UpdateCaseBody,
} from './cases.schemas';
import type { CaseQuarantineService } from './case-quarantine.service';
import type { CasesService } from './cases.service';
import { SuiteIdParams } from './suites.schemas';

export function registerCaseRoutes(app: App, svc: CasesService, quarantine: CaseQuarantineService): void {
  app.post('/tests/suites/:suite_id/cases', {
    schema: {
      tags,
      summary: 'Add a case to a suite',
      params: SuiteIdParams,
      body: CreateSuiteCaseBody,
      response: { 200: CaseResponse },
    },
    handler: (req) => svc.createCase({ ctx: req.ctx, input: { suiteId: req.params.suite_id, body: req.body } }),
  });
  app.post('/tests/suites/:suite_id/cases/:case_id/copy', {
    schema: {
      tags,
      summary: 'Copy a case into another suite',
      params: SuiteCaseParams,
      body: CopyCaseBody,
      response: { 200: CaseResponse },
    },
    handler: (req) =>
      svc.copyCase({
        ctx: req.ctx,
        input: { suiteId: req.params.suite_id, caseId: req.params.case_id, targetSuiteId: req.body.target_suite_id },
      }),
  });
  app.post('/tests/cases', {
    schema: {
      tags,
      summary: 'Create or update (by name and app) a standalone case',
      body: CreateStandaloneCaseBody,
      response: { 200: CaseResponse },
    },
    handler: (req) => svc.upsertStandaloneCase({ ctx: req.ctx, input: req.body }),
  });
  app.get('/tests/cases', {
    schema: {
      tags,
      summary: 'List standalone cases',
      querystring: ListCasesQuery,
      response: { 200: z.array(CaseResponse) },
    },
    handler: (req) => svc.listStandaloneCases({ ctx: req.ctx, input: { reusable: req.query.reusable } }),
  });
  app.get('/tests/cases/:case_id', {
    schema: { tags, summary: 'Get a case', params: CaseIdParams, response: { 200: CaseResponse } },
    handler: (req) => svc.getCase({ ctx: req.ctx, input: { caseId: req.params.case_id } }),
  });
  app.post('/tests/cases/:case_id/quarantine', {
    schema: {
      tags,
      summary: 'Quarantine a case: it still runs, but its failure no longer fails suite runs, CI or commit statuses',
      params: CaseIdParams,
      body: QuarantineBody,
      response: { 200: CaseResponse },
    },
    handler: (req) =>
      quarantine.quarantineCase({ ctx: req.ctx, input: { caseId: req.params.case_id, reason: req.body.reason } }),
  });
  app.delete('/tests/cases/:case_id/quarantine', {
    schema: {
      tags,
      summary: 'Take a case out of quarantine',
      params: CaseIdParams,
      querystring: ReleaseQuarantineQuery,
      response: { 200: CaseResponse },
    },
    handler: (req) =>
      quarantine.releaseCase({
        ctx: req.ctx,
        input: { caseId: req.params.case_id, reason: req.query.reason ?? null },
      }),
  });
  app.patch('/tests/cases/:case_id', {
    schema: {
      tags,
      summary: 'Update a case',
      params: CaseIdParams,
      body: UpdateCaseBody,
      response: { 200: CaseResponse },
    },
    handler: (req) => svc.updateCase({ ctx: req.ctx, input: { caseId: req.params.case_id, body: req.body } }),
  });
  app.delete('/tests/cases/:case_id', {
    schema: { tags, summary: 'Delete a case', params: CaseIdParams, response: { 200: StatusResponse } },
    handler: (req) => svc.deleteCase({ ctx: req.ctx, input: { caseId: req.params.case_id } }),
  });
}
