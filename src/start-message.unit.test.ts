import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMessage } from './start-message';

describe('the start message', () => {
  it('names the web console first, then the API and the docs', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    expect(startMessage('http://localhost:8000/', dist)).toBe(
      'simdeck is up: open the web console at http://localhost:8000/ · API at http://localhost:8000/api/v1 · docs at http://localhost:8000/docs',
    );
    fs.rmSync(dist, { recursive: true });
  });

  it('says how to build the console when it is missing', () => {
    expect(startMessage('http://localhost:8000', path.join(os.tmpdir(), 'no-such-console'))).toMatch(
      /^simdeck is up: the web console is not built \(npm run build builds it\) · API at http:\/\/localhost:8000\/api\/v1/,
    );
  });
});
