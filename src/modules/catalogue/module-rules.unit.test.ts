import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Ctx } from '../../context';
import { RunsService } from '../engine/runs.service';
import { createCatalogueServices, type CatalogueServices } from './catalogue';

const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => fs.readFileSync(path.join(modules, file), 'utf8');
const isSource = (name: string) => name.endsWith('.ts') && !name.endsWith('.test.ts');
const catalogueFiles = fs.readdirSync(path.join(modules, 'catalogue')).filter(isSource).map((f) => `catalogue/${f}`);
const runFiles = fs.readdirSync(path.join(modules, 'engine')).filter((f) => isSource(f) && f.startsWith('runs')).map((f) => `engine/${f}`);

/** One argument, `{ ctx, input }` (or `{ ctx }` for a verb that takes nothing else). */
type IsVerb<F> = F extends (...args: infer A) => Promise<unknown>
  ? A extends [infer Arg]
    ? [Exclude<keyof Arg, 'ctx' | 'input'>] extends [never]
      ? Arg extends { ctx: Ctx }
        ? true
        : false
      : false
    : false
  : false;
type EveryVerb<S> = { [K in keyof S]: IsVerb<S[K]> }[keyof S];

describe('the catalogue and run modules', () => {
  it('every service verb takes one { ctx, input } argument', () => {
    expectTypeOf<EveryVerb<CatalogueServices['suites']>>().toEqualTypeOf<true>();
    expectTypeOf<EveryVerb<CatalogueServices['cases']>>().toEqualTypeOf<true>();
    expectTypeOf<EveryVerb<CatalogueServices['yaml']>>().toEqualTypeOf<true>();
    expectTypeOf<EveryVerb<CatalogueServices['baselines']>>().toEqualTypeOf<true>();
    expectTypeOf<EveryVerb<RunsService>>().toEqualTypeOf<true>();
    const services: Record<string, object> = { ...createCatalogueServices({ storage: {} as never, spool: {} as never }), runs: new RunsService({} as never) };
    for (const [name, service] of Object.entries(services)) {
      const proto = Object.getPrototypeOf(service) as Record<string, unknown>;
      const verbs = Object.getOwnPropertyNames(proto).filter((k) => k !== 'constructor');
      expect(verbs.length, name).toBeGreaterThan(0);
      for (const verb of verbs) expect((proto[verb] as (...args: unknown[]) => unknown).length, `${name}.${verb}`).toBe(1);
    }
  });

  it('queries live in repository files', () => {
    const query = /\bdb\s*\.\s*(select|selectDistinct|insert|update|delete|execute)\s*\(/;
    const offenders = [...catalogueFiles, ...runFiles].filter((f) => !f.endsWith('.repository.ts') && query.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it('the catalogue does not depend on the engine', () => {
    const offenders = catalogueFiles.filter((f) => /['"]\.\.\/engine\//.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it('no file is over 400 lines', () => {
    const long = [...catalogueFiles, ...runFiles].map((f) => ({ f, lines: read(f).split('\n').length })).filter((x) => x.lines > 400);
    expect(long).toEqual([]);
  });
});
