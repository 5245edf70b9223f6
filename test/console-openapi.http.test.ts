import openapiTS, { type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness/app';

/**
 * The console's API client is typed from the OpenAPI document the app serves. Both the document
 * (web/openapi.json) and the types generated from it (web/src/api/schema.d.ts) are committed, and
 * this test fails when either differs from what the app serves now, so a renamed field breaks the
 * tests and the console's type check, never a page. `npm run web:openapi` rewrites both.
 */
describe('the OpenAPI document the console is typed from', () => {
  let t: TestApp;
  let document: OpenAPI3;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
    // The server address comes from APP_URL: it is the deployment's, not the contract's.
    const { servers: _servers, ...served } = t.app.swagger() as unknown as OpenAPI3 & { servers?: unknown };
    document = served;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is committed as web/openapi.json exactly as the app serves it', async () => {
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot('../web/openapi.json');
  });

  it('has its generated client types committed as web/src/api/schema.d.ts', async () => {
    const types = await openapiTS(document, { silent: true, alphabetize: true, commentHeader: GENERATED_HEADER });
    await expect(types).toMatchFileSnapshot('../web/src/api/schema.d.ts');
  });
});

const GENERATED_HEADER =
  '/**\n * Generated from web/openapi.json by `npm run web:openapi` (openapi-typescript). Do not edit.\n */\n\n';
