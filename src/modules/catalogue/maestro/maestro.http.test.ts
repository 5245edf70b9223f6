import { ZipFile } from 'yazl';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { useCatalogueFixture } from '../../../../test/harness/catalogue-factories';
import { bearer } from '../../../../test/harness/factories';

const fx = useCatalogueFixture();

const BOUNDARY = '----simdeckMaestroBoundary';
function multipart(content: Buffer, filename: string) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const importFlows = (token: string, content: Buffer | string, filename: string) => {
  const body = multipart(Buffer.from(content), filename);
  return fx.t.app.inject({
    method: 'POST',
    url: '/api/v1/tests/suites/import-maestro',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

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

async function unzip(buf: Buffer): Promise<Record<string, string>> {
  const zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true });
  const out: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', async (entry: yauzl.Entry) => {
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      out[entry.fileName] = Buffer.concat(chunks).toString('utf8');
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}

const LOGIN = `appId: com.simdeck.sample
name: Log in
tags:
  - smoke
---
- launchApp:
    clearState: true
- runFlow: subflows/fill.yaml
- tapOn: "Sign in"
- assertVisible:
    text: "Welcome.*"
`;
const FILL = `appId: com.simdeck.sample
---
- tapOn:
    id: email
- inputText: ada@example.test
`;

describe('POST /tests/suites/import-maestro', () => {
  it('imports a flows folder: one case per flow, sub-flows as reusable cases, kept verbatim; export re-imports the same', async () => {
    const org = fx.a;
    const zip = await zipOf({
      'flows/config.yaml': 'flows:\n  - "*"\n',
      'flows/login.yaml': LOGIN,
      'flows/browse.yaml': 'appId: com.simdeck.sample\n---\n- launchApp\n- scroll\n',
      'flows/subflows/fill.yaml': FILL,
    });
    const res = await importFlows(org.developer.token, zip, 'flows.zip');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'flows', case_count: 3 });
    expect(Array.isArray(body.warnings)).toBe(true);

    const cases = await fx.t.app.inject({
      method: 'GET',
      url: `/api/v1/tests/suites/${body.public_id}`,
      headers: bearer(org.developer.token),
    });
    expect(cases.statusCode).toBe(200);

    const exported = await fx.t.app.inject({
      method: 'GET',
      url: `/api/v1/tests/suites/${body.public_id}/export-maestro`,
      headers: bearer(org.developer.token),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    const files = await unzip(exported.rawPayload);
    expect(files['login.yaml']).toBe(LOGIN);
    expect(files['subflows/fill.yaml']).toBe(FILL);
    expect(files['config.yaml']).toContain('login.yaml');
    expect(files['config.yaml']).not.toContain('fill.yaml');

    const again = await importFlows(org.developer.token, exported.rawPayload, 'flows.zip');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().case_count).toBe(3);
    const second = await fx.t.app.inject({
      method: 'GET',
      url: `/api/v1/tests/suites/${again.json().public_id}/export-maestro`,
      headers: bearer(org.developer.token),
    });
    expect(await unzip(second.rawPayload)).toEqual(files);
  });

  it('refuses unsupported commands and fields, each as file:line: command — why, and writes nothing', async () => {
    const org = fx.a;
    const flow = `appId: com.simdeck.sample
---
- launchApp
- openLink: "javascript:alert(1)"
- tapOn:
    text: Login
    width: 20
- frobnicate
`;
    const res = await importFlows(org.developer.token, flow, 'bad.yaml');
    expect(res.statusCode).toBe(400);
    const detail = res.json().detail as string;
    expect(detail).toContain('bad.yaml:4: openLink — link: javascript links cannot be opened');
    expect(detail).toContain('bad.yaml:5: tapOn — width: ');
    expect(detail).toContain('bad.yaml:8: frobnicate — not a command');
    const list = await fx.t.app.inject({
      method: 'GET',
      url: '/api/v1/tests/suites',
      headers: bearer(org.developer.token),
    });
    expect(JSON.stringify(list.json())).not.toContain('bad');
  });

  it('imports flows that open links and set the location, permissions, clipboard and airplane mode', async () => {
    const org = fx.a;
    const flow = `appId: com.simdeck.sample
---
- launchApp:
    permissions:
      all: deny
      camera: allow
- openLink: sample://items/3
- openLink:
    link: https://example.com
    browser: true
- setLocation:
    latitude: 52.36
    longitude: 4.88
- setPermissions:
    permissions:
      location: unset
- setClipboard: hello
- pasteText
- setAirplaneMode: enabled
- toggleAirplaneMode
`;
    const res = await importFlows(org.developer.token, flow, 'capabilities.yaml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ case_count: 1 });
    const exported = await fx.t.app.inject({
      method: 'GET',
      url: `/api/v1/tests/suites/${res.json().public_id}/export-maestro`,
      headers: bearer(org.developer.token),
    });
    expect((await unzip(exported.rawPayload))['capabilities.yaml']).toBe(flow);
  });

  it('refuses a sub-flow missing from the upload, an escaping path, and a repeating group in a selector', async () => {
    const org = fx.a;
    const zip = await zipOf({
      'a.yaml': 'appId: x\n---\n- runFlow: missing.yaml\n- runFlow: ../../etc/passwd.yaml\n- tapOn: "(a+)+"\n',
    });
    const res = await importFlows(org.developer.token, zip, 'f.zip');
    expect(res.statusCode).toBe(400);
    const detail = res.json().detail as string;
    expect(detail).toContain('a.yaml:3: runFlow — missing.yaml is not in the upload');
    expect(detail).toContain('a.yaml:4: runFlow — ../../etc/passwd.yaml is outside the flows folder');
    expect(detail).toContain('a.yaml:5: tapOn — a selector that repeats');
  });

  it('refuses a YAML alias bomb and an upload past its size within the caps', async () => {
    const org = fx.a;
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 0; i < 9; i++)
      lines.push(
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`,
      );
    const bomb = await importFlows(org.developer.token, `${lines.join('\n')}\n---\n- launchApp\n`, 'bomb.yaml');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().detail).toMatch(/bomb\.yaml: Invalid YAML/);
    // 10 MB of aliases: refused by its size before any YAML is read, as a file or inside a zip.
    const huge = `appId: x\nbase: &b [1, 2, 3]\n${'k: *b\n'.repeat((10 * 1024 * 1024) / 6)}---\n- back\n`;
    const big = await importFlows(org.developer.token, huge, 'huge.yaml');
    expect(big.statusCode).toBe(413);
    const zipped = await importFlows(org.developer.token, await zipOf({ 'huge.yaml': huge }), 'huge.zip');
    expect(zipped.statusCode).toBe(413);
    expect(zipped.json().detail).toMatch(/huge\.yaml unpacks to .* more than the 2 MB allowed/);
  });

  it('keeps the media files addMedia names with the flow, byte for byte through export; missing or fake media are refused', async () => {
    const org = fx.a;
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(40, 7)]);
    const flow = 'appId: com.example.shop\n---\n- launchApp\n- addMedia:\n    - media/photo.png\n';
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from(flow), 'flows/add.yaml');
    zip.addBuffer(png, 'flows/media/photo.png');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    const res = await importFlows(org.developer.token, Buffer.concat(chunks), 'flows.zip');
    expect(res.statusCode, res.body).toBe(200);
    const exported = await fx.t.app.inject({
      method: 'GET',
      url: `/api/v1/tests/suites/${res.json().public_id}/export-maestro`,
      headers: bearer(org.developer.token),
    });
    const files = await unzipRaw(exported.rawPayload);
    expect(files['media/photo.png']!.equals(png)).toBe(true);
    expect(files['add.yaml']!.toString()).toBe(flow);

    const missing = await importFlows(org.developer.token, await zipOf({ 'add.yaml': flow }), 'flows.zip');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('add.yaml:4: addMedia — media/photo.png is not in the upload');
    const fake = await importFlows(
      org.developer.token,
      await zipOf({ 'add.yaml': flow, 'media/photo.png': 'not a picture' }),
      'flows.zip',
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().detail).toContain('add.yaml:4: addMedia — media/photo.png is not a JPEG, PNG, HEIC or MP4 file');
  });
});

async function unzipRaw(buf: Buffer): Promise<Record<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true });
  const out: Record<string, Buffer> = {};
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', async (entry: yauzl.Entry) => {
      const chunks: Buffer[] = [];
      for await (const c of await zip.openReadStreamPromise(entry)) chunks.push(c as Buffer);
      out[entry.fileName] = Buffer.concat(chunks);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}
