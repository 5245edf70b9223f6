import { ZipFile } from 'yazl';
import { describe, expect, it } from 'vitest';
import { useCatalogueFixture } from '../../../../test/harness/catalogue-factories';
import { bearer } from '../../../../test/harness/factories';

const fx = useCatalogueFixture();

const BOUNDARY = '----simdeckMaestroReimport';
const importFlows = (token: string, content: Buffer | string, filename: string, query = '') =>
  fx.t.app.inject({
    method: 'POST',
    url: `/api/v1/tests/suites/import-maestro${query}`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });

function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [p, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), p);
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const LOGIN =
  'appId: com.example.shop\nname: Log in\n---\n- launchApp\n- runFlow: subflows/fill.yaml\n- tapOn: "Sign in"\n';
const FILL = 'appId: com.example.shop\n---\n- tapOn:\n    id: email\n- inputText: ada@example.test\n';
const BROWSE = 'appId: com.example.shop\n---\n- launchApp\n- scroll\n';

type SuiteCase = { public_id: string; name: string; is_reusable: boolean; steps: unknown[] };

async function suiteOf(token: string, id: string) {
  const res = await fx.t.app.inject({ method: 'GET', url: `/api/v1/tests/suites/${id}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { public_id: string; name: string; app_public_id: string | null; cases: SuiteCase[] };
}

const byName = (cases: SuiteCase[]) => Object.fromEntries(cases.map((c) => [c.name, c]));

describe('POST /tests/suites/import-maestro?suite_id= (re-import)', () => {
  it("replaces the suite's Maestro cases: a flow at the same path keeps its case, new ones are added, gone ones deleted", async () => {
    const dev = fx.a.developer.token;
    const first = await importFlows(
      dev,
      await zipOf({ 'flows/login.yaml': LOGIN, 'flows/browse.yaml': BROWSE, 'flows/subflows/fill.yaml': FILL }),
      'flows.zip',
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ case_count: 3, added: 3, updated: 0, removed: 0 });
    const id = first.json().public_id as string;
    const before = byName((await suiteOf(dev, id)).cases);
    expect((await suiteOf(dev, id)).app_public_id).toBe(fx.appA.publicId);

    const login2 = `${LOGIN}- assertVisible: "Welcome"\n`;
    const again = await importFlows(
      dev,
      await zipOf({ 'flows/login.yaml': login2, 'flows/search.yaml': BROWSE, 'flows/subflows/fill.yaml': FILL }),
      'flows.zip',
      `?suite_id=${id}`,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      public_id: id,
      name: 'flows',
      case_count: 3,
      added: 1,
      updated: 2,
      removed: 1,
    });
    const after = await suiteOf(dev, id);
    const cases = byName(after.cases);
    expect(Object.keys(cases).sort()).toEqual(['Log in', 'search', 'subflows/fill']);
    expect(cases['Log in']!.public_id).toBe(before['Log in']!.public_id);
    expect(cases['Log in']!.steps).toHaveLength(4);
    expect(cases['subflows/fill']).toMatchObject({ public_id: before['subflows/fill']!.public_id, is_reusable: true });
    const gone = await fx.t.app.inject({
      method: 'GET',
      url: `/api/v1/tests/cases/${before.browse!.public_id}`,
      headers: bearer(dev),
    });
    expect(gone.statusCode).toBe(404);

    // An export re-imports to the same suite: same cases, same files.
    const exported = await fx.t.app.inject({
      method: 'GET',
      url: `/api/v1/tests/suites/${id}/export-maestro`,
      headers: bearer(dev),
    });
    expect(exported.statusCode).toBe(200);
    const round = await importFlows(dev, exported.rawPayload, 'flows.zip', `?suite_id=${id}`);
    expect(round.json()).toMatchObject({ public_id: id, case_count: 3, added: 0, updated: 3, removed: 0 });
    expect(byName((await suiteOf(dev, id)).cases)).toEqual(cases);
    const second = await fx.t.app.inject({
      method: 'GET',
      url: `/api/v1/tests/suites/${id}/export-maestro`,
      headers: bearer(dev),
    });
    expect(second.rawPayload.length).toBe(exported.rawPayload.length);
  });

  it('a refused re-import writes nothing; another organization, a viewer or an unknown suite cannot re-import', async () => {
    const dev = fx.a.developer.token;
    const first = await importFlows(dev, await zipOf({ 'login.yaml': LOGIN, 'subflows/fill.yaml': FILL }), 'mine.zip');
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().public_id as string;
    const before = await suiteOf(dev, id);

    const bad = await importFlows(
      dev,
      await zipOf({ 'login.yaml': `${LOGIN}- frobnicate\n`, 'new.yaml': BROWSE, 'subflows/fill.yaml': FILL }),
      'mine.zip',
      `?suite_id=${id}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('login.yaml:7: frobnicate — not a command');
    expect(await suiteOf(dev, id)).toEqual(before);

    const zip = await zipOf({ 'login.yaml': LOGIN, 'subflows/fill.yaml': FILL });
    const other = await importFlows(fx.b.developer.token, zip, 'mine.zip', `?suite_id=${id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toMatch(/Test suite/);
    const viewer = await importFlows(fx.a.viewer.token, zip, 'mine.zip', `?suite_id=${id}`);
    expect(viewer.statusCode).toBe(403);
    const unknown = await importFlows(dev, zip, 'mine.zip', '?suite_id=ste_doesnotexist');
    expect(unknown.statusCode).toBe(404);
    expect(await suiteOf(dev, id)).toEqual(before);
  });
});
