import { z } from 'zod';
import type { App } from '../../http/types';
import { StatusResponse, TESTS_TAG as tags } from './catalogue.schemas';
import {
  CreateSuiteBody,
  ListSuitesQuery,
  SuiteIdParams,
  SuiteResponse,
  SuiteWithCasesResponse,
  TagResponse,
  UpdateSuiteBody,
} from './suites.schemas';
import type { SuitesService } from './suites.service';

export function registerSuiteRoutes(app: App, svc: SuitesService): void {
  app.get('/tests/suites', {
    schema: {
      tags,
      summary: 'List test suites',
      querystring: ListSuitesQuery,
      response: { 200: z.array(SuiteResponse) },
    },
    handler: (req) => svc.listSuites({ ctx: req.ctx, input: req.query }),
  });
  app.post('/tests/suites', {
    schema: { tags, summary: 'Create a test suite', body: CreateSuiteBody, response: { 200: SuiteResponse } },
    handler: (req) => svc.createSuite({ ctx: req.ctx, input: req.body }),
  });
  app.get('/tests/suites/:suite_id', {
    schema: {
      tags,
      summary: 'Get a suite with its cases',
      params: SuiteIdParams,
      response: { 200: SuiteWithCasesResponse },
    },
    handler: (req) => svc.getSuite({ ctx: req.ctx, input: { suiteId: req.params.suite_id } }),
  });
  app.patch('/tests/suites/:suite_id', {
    schema: {
      tags,
      summary: 'Update a suite',
      params: SuiteIdParams,
      body: UpdateSuiteBody,
      response: { 200: SuiteResponse },
    },
    handler: (req) => svc.updateSuite({ ctx: req.ctx, input: { suiteId: req.params.suite_id, body: req.body } }),
  });
  app.delete('/tests/suites/:suite_id', {
    schema: { tags, summary: 'Delete a suite and its cases', params: SuiteIdParams, response: { 200: StatusResponse } },
    handler: (req) => svc.deleteSuite({ ctx: req.ctx, input: { suiteId: req.params.suite_id } }),
  });
  app.get('/tests/tags', {
    schema: { tags, summary: "The organization's tags with suite counts", response: { 200: z.array(TagResponse) } },
    handler: (req) => svc.listTags({ ctx: req.ctx }),
  });
}
