import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The module rules (docs/design/0003-modules-routes-services-repositories.md and
 * 0004-module-dependencies.md), checked over the source: small files, queries only in repositories,
 * one call shape for service verbs, and the dependency directions.
 */
const root = path.resolve(__dirname, '..', 'src', 'modules');
const sources = (fs.readdirSync(root, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.fixture.ts'))
  .map((f) => ({ file: f.split(path.sep).join('/'), text: fs.readFileSync(path.join(root, f), 'utf8') }));

describe('module rules', () => {
  it('finds the modules', () => {
    expect(sources.length).toBeGreaterThan(60);
  });

  it('no file in src/modules is over 400 lines', () => {
    const long = sources.map((s) => ({ file: s.file, lines: s.text.split('\n').length })).filter((s) => s.lines > 400);
    expect(long).toEqual([]);
  });

  it('queries live in repository files', () => {
    const query = /\b(db|tx)\s*\.\s*(select|selectDistinct|insert|update|delete|execute)\s*\(/;
    const offenders = sources
      .filter((s) => !s.file.endsWith('.repository.ts') && query.test(s.text))
      .map((s) => s.file);
    expect(offenders).toEqual([]);
  });

  it('every service verb that takes a context takes one { ctx, input } argument', () => {
    const verb = /^ {2}(?:async )?([a-zA-Z]+)\((.*)$/gm;
    const offenders: string[] = [];
    for (const s of sources.filter((x) => x.file.endsWith('.service.ts'))) {
      for (const m of s.text.matchAll(verb)) {
        // Interface members (ports such as SessionEnder) end with a semicolon; verbs have a body.
        if (m[1] === 'constructor' || !/\bCtx\b/.test(m[2]!) || m[2]!.trimEnd().endsWith(';')) continue;
        if (!/^\{ ctx(, input)? \}: \{ ctx: Ctx(; input: .*)? \}\)/.test(m[2]!)) offenders.push(`${s.file}: ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('dependencies go one way: the catalogue knows nothing of the engine, the engine never reaches the worker hub or session rows', () => {
    const imports = (file: string) =>
      [...(sources.find((s) => s.file === file)?.text ?? '').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
    const bad: string[] = [];
    for (const s of sources) {
      const from = imports(s.file);
      if (s.file.startsWith('catalogue/') && from.some((i) => i.includes('/engine/')))
        bad.push(`${s.file} imports the engine`);
      if (
        s.file.startsWith('engine/') &&
        from.some(
          (i) =>
            /workers\/worker-hub|sessions\/sessions\.repository|sessions\/session-lifecycle'$/.test(i) &&
            !s.file.endsWith('engine.ts'),
        )
      )
        bad.push(`${s.file} reaches past the device handle`);
    }
    expect(bad).toEqual([]);
  });

  it('CI sits on top: no other module imports it; webhooks know only the outbox and the audit log', () => {
    const modulesImported = (file: string) =>
      [...(sources.find((s) => s.file === file)?.text ?? '').matchAll(/from '\.\.\/([a-z-]+)\//g)].map((m) => m[1]!);
    const bad: string[] = [];
    for (const s of sources) {
      const from = modulesImported(s.file);
      if (!s.file.startsWith('ci/') && from.includes('ci')) bad.push(`${s.file} imports ci`);
      if (s.file.startsWith('webhooks/'))
        for (const m of from.filter((x) => !['events', 'audit'].includes(x))) bad.push(`${s.file} imports ${m}`);
    }
    expect(bad).toEqual([]);
  });

  it('the repository stands on its own: src, docs, README.md and web/src name no document outside it', () => {
    const repo = path.resolve(__dirname, '..');
    const outside = [
      ['..', 'shared'].join('/'),
      ...['shared/design', 'shared/spec'],
      ...['DECISIONS', 'ENGINE', 'ARCHITECTURE', 'CONVENTIONS', 'http-api'].map((name) => `${name}.md`),
    ];
    const files = ['src', 'docs', path.join('web', 'src')]
      .flatMap((dir) =>
        (fs.readdirSync(path.join(repo, dir), { recursive: true }) as string[]).map((f) => path.join(dir, f)),
      )
      .concat('README.md')
      .filter((f) => fs.statSync(path.join(repo, f)).isFile());
    const offenders = files.flatMap((f) => {
      const text = fs.readFileSync(path.join(repo, f), 'utf8');
      return outside.filter((name) => text.includes(name)).map((name) => `${f.split(path.sep).join('/')}: ${name}`);
    });
    expect(files.length).toBeGreaterThan(300);
    expect(offenders).toEqual([]);
  });
});
