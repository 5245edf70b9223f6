import { describe, expect, it } from 'vitest';
import { formulaSafe } from './audit.service';

describe('formulaSafe', () => {
  it('prefixes a single quote to values a spreadsheet would treat as a formula', () => {
    for (const v of ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx']) expect(formulaSafe(v)).toBe(`'${v}`);
  });
  it('leaves other values alone', () => {
    for (const v of ['', 'session.created', 'a=b', '{"x":"=1"}', ' =1']) expect(formulaSafe(v)).toBe(v);
  });
});
