import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The structure rules of docs/design (module surfaces, one-way dependencies, small files), checked
 * over the source: every rule here names the files that break it.
 */
const repo = path.resolve(__dirname, '..');
const listFiles = (dir: string): string[] =>
  (fs.readdirSync(path.join(repo, dir), { recursive: true }) as string[]).map((f) =>
    path.join(dir, f).split(path.sep).join('/'),
  );
const isCode = (f: string) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$|\.fixture\.ts$|\.d\.ts$/.test(f);
const read = (f: string) => fs.readFileSync(path.join(repo, f), 'utf8');

/** Every file of the control plane, the worker, the CLI and the rest of `src/` (tests left out). */
const srcFiles = listFiles('src')
  .filter(isCode)
  .filter((f) => !f.startsWith('src/db/migrations/'));
const texts = new Map(srcFiles.map((f) => [f, read(f)]));
const moduleSources = srcFiles
  .filter((f) => f.startsWith('src/modules/') && f.split('/').length > 3)
  .map((f) => ({ file: f.slice('src/modules/'.length), text: texts.get(f)! }));

/** `src/modules/<name>/…` → name; anything else → null. */
const moduleOf = (f: string) => (f.startsWith('src/modules/') && f.split('/').length > 3 ? f.split('/')[2]! : null);

interface Edge {
  from: string;
  to: string;
  names: string[];
}

/** Every relative import (and re-export) of every source file, resolved to the file it names. */
const edges: Edge[] = srcFiles.flatMap((from) => {
  const found: Edge[] = [];
  const pattern = /(?:import|export)\s+(?:type\s+)?(\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+)\s+from\s+'(\.{1,2}\/[^']+)'/g;
  for (const m of texts.get(from)!.matchAll(pattern)) {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), m[2]!));
    const to = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find((c) => texts.has(c));
    if (!to) continue;
    const names = m[1]!.startsWith('{')
      ? m[1]!
          .slice(1, -1)
          .split(',')
          .map((n) =>
            n
              .replace(/^\s*type\s+/, '')
              .split(' as ')[0]!
              .trim(),
          )
          .filter(Boolean)
      : [m[1]!];
    found.push({ from, to, names });
  }
  return found;
});

/** The files that put the process together; they alone may reach a module's routes, jobs and runtime. */
const COMPOSITION_ROOT = [
  'src/app.ts',
  'src/container.ts',
  'src/main.ts',
  'src/modules/index.ts',
  'src/jobs/handlers.ts',
];

function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

function graphOf(pairs: Array<[string, string]>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [a, b] of pairs) {
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)!.add(b);
  }
  return graph;
}

describe('structure rules', () => {
  it('finds the modules and their surfaces', () => {
    expect(moduleSources.length).toBeGreaterThan(60);
    const modules = new Set(moduleSources.map((s) => s.file.split('/')[0]!));
    const withoutSurface = [...modules].filter((m) => !texts.has(`src/modules/${m}/index.ts`));
    expect(withoutSurface).toEqual([]);
  });

  it('no source file is over 400 lines', () => {
    const code = [...srcFiles, ...['web/src', 'bench', 'scripts', 'examples', 'bin'].flatMap(listFiles).filter(isCode)];
    const long = code.map((file) => ({ file, lines: read(file).split('\n').length })).filter((s) => s.lines > 400);
    expect(long).toEqual([]);
  });

  it('queries live in repository files', () => {
    const query = /\b(db|tx)\s*\.\s*(select|selectDistinct|insert|update|delete|execute)\s*\(/;
    const offenders = moduleSources
      .filter((s) => !s.file.endsWith('.repository.ts') && query.test(s.text))
      .map((s) => s.file);
    expect(offenders).toEqual([]);
  });

  it('every service verb that takes a context takes one { ctx, input } argument', () => {
    const verb = /^ {2}(?:async )?([a-zA-Z]+)\((.*)$/gm;
    const offenders: string[] = [];
    for (const s of moduleSources.filter((x) => x.file.endsWith('.service.ts'))) {
      for (const m of s.text.matchAll(verb)) {
        // Interface members (ports such as SessionEnder) end with a semicolon; verbs have a body.
        if (m[1] === 'constructor' || !/\bCtx\b/.test(m[2]!) || m[2]!.trimEnd().endsWith(';')) continue;
        if (!/^\{ ctx(, input)? \}: \{ ctx: Ctx(; input: .*)? \}\)/.test(m[2]!)) offenders.push(`${s.file}: ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('a module is reached only through its surface (index.ts); the composition root alone wires routes and jobs', () => {
    const bad: string[] = [];
    for (const e of edges) {
      const target = moduleOf(e.to);
      if (target === null || target === moduleOf(e.from)) continue;
      if (e.to === `src/modules/${target}/index.ts`) continue;
      if (COMPOSITION_ROOT.includes(e.from) && /\.(routes|jobs|runtime)\.ts$/.test(e.to)) continue;
      bad.push(`${e.from} → ${e.to}`);
    }
    expect(bad).toEqual([]);
  });

  it('a module never imports its own surface (its files import each other directly)', () => {
    const bad = edges.filter((e) => moduleOf(e.from) !== null && e.to === `src/modules/${moduleOf(e.from)}/index.ts`);
    expect(bad.map((e) => e.from)).toEqual([]);
  });

  it('no module depends on itself through others', () => {
    const pairs = edges
      .filter((e) => moduleOf(e.from) && moduleOf(e.to) && moduleOf(e.from) !== moduleOf(e.to))
      .map((e): [string, string] => [moduleOf(e.from)!, moduleOf(e.to)!]);
    expect(cyclesOf(graphOf(pairs))).toEqual([]);
  });

  it('no file depends on itself through others (type-only imports included)', () => {
    expect(cyclesOf(graphOf(edges.map((e): [string, string] => [e.from, e.to])))).toEqual([]);
  });

  it('dependencies go one way: the catalogue knows nothing of the engine; the engine holds a device only by its handle', () => {
    const bad: string[] = [];
    const engineMaySee = new Set(['DeviceHandle', 'Screenshot', 'SessionsService']);
    for (const e of edges) {
      const from = moduleOf(e.from);
      const to = moduleOf(e.to);
      if (from === 'catalogue' && to === 'engine') bad.push(`${e.from} imports the engine`);
      if (from === 'engine' && to === 'workers') bad.push(`${e.from} imports the worker hub`);
      if (from === 'engine' && to === 'sessions' && !e.from.endsWith('engine/engine.ts'))
        for (const n of e.names.filter((x) => !engineMaySee.has(x))) bad.push(`${e.from} takes ${n} from sessions`);
    }
    expect(bad).toEqual([]);
  });

  it('CI sits on top: no other module imports it; webhooks know only the outbox and the audit log', () => {
    const bad: string[] = [];
    for (const e of edges) {
      const from = moduleOf(e.from);
      const to = moduleOf(e.to);
      if (!from || !to || from === to) continue;
      if (to === 'ci') bad.push(`${e.from} imports ci`);
      if (from === 'webhooks' && !['events', 'audit'].includes(to)) bad.push(`${e.from} imports ${to}`);
    }
    expect(bad).toEqual([]);
  });

  it('no double cast (`as unknown as`) in src/, tests included: types come from schemas and catalogs', () => {
    // lazy-modules.ts alone bridges optional native modules whose types it cannot name.
    const doubleCast = ['as', 'unknown', 'as'].join(' ');
    const files = listFiles('src').filter(
      (f) => /\.(ts|tsx|mjs)$/.test(f) && f !== 'src/lazy-modules.ts' && !f.startsWith('src/db/migrations/'),
    );
    const offenders = files.flatMap((f) =>
      read(f)
        .split('\n')
        .flatMap((line, i) => (line.includes(doubleCast) ? [`${f}:${i + 1}`] : [])),
    );
    expect(files.length).toBeGreaterThan(300);
    expect(offenders).toEqual([]);
  });

  it('the repository stands on its own: src, docs, README.md and web/src name no document outside it', () => {
    const outside = [
      ['..', 'shared'].join('/'),
      ...['shared/design', 'shared/spec'],
      ...['DECISIONS', 'ENGINE', 'ARCHITECTURE', 'CONVENTIONS', 'http-api'].map((name) => `${name}.md`),
    ];
    const files = ['src', 'docs', 'web/src']
      .flatMap(listFiles)
      .concat('README.md')
      .filter((f) => fs.statSync(path.join(repo, f)).isFile());
    const offenders = files.flatMap((f) => {
      const text = read(f);
      return outside.filter((name) => text.includes(name)).map((name) => `${f}: ${name}`);
    });
    expect(files.length).toBeGreaterThan(300);
    expect(offenders).toEqual([]);
  });
});
