import { describe, expect, it } from 'vitest';
import { DEFAULT_YAML_LIMITS, readBoundedYaml } from './bounded-yaml';

const read = (text: string, limits = {}) => readBoundedYaml(text, { ...DEFAULT_YAML_LIMITS, ...limits });
const refusal = (text: string, limits = {}) => {
  try {
    read(text, limits);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('readBoundedYaml', () => {
  it('reads ordinary documents as plain values', () => {
    expect(read('name: x\nlist: [1, {a: b}]\nmap:\n  k: &v [1]\n  j: *v\n')).toEqual({
      name: 'x',
      list: [1, { a: 'b' }],
      map: { k: [1], j: [1] },
    });
  });

  it('names each cap and the line of what broke it', () => {
    expect(refusal('a: 1\nb:\n  c: 1\n  c: 2\n')).toBe('Invalid YAML: duplicate key "c" (line 4, column 3)');
    expect(refusal('a: 1\n1: x\n"1": y\n')).toMatch(/^Invalid YAML: duplicate key "1"/);
    expect(refusal('? [a, b]\n: c\n')).toBe('Invalid YAML: mapping keys must be plain values (line 1, column 3)');
    expect(refusal('a: [[[[x]]]]\n', { maxDepth: 3 })).toBe('Invalid YAML: nested deeper than 3 levels');
    expect(refusal('a:\n  b:\n    c:\n      d: x\n', { maxDepth: 3 })).toBe(
      'Invalid YAML: nested deeper than 3 levels',
    );
    expect(refusal('a: [1, 2, 3, 4]\n', { maxNodes: 4 })).toBe('Invalid YAML: more than 4 values');
    const wide = Array.from({ length: 200 }, (_, i) => `k${i}: ${i}`).join('\n');
    expect(refusal(`top:\n${wide.replace(/^/gm, '  ')}\n`, { maxKeysPerMap: 100 })).toBe(
      'Invalid YAML: a mapping has more than 100 keys (line 2, column 3)',
    );
    expect(
      refusal(`m: {${Array.from({ length: 200 }, (_, i) => `k${i}: 1`).join(', ')}}\n`, { maxKeysPerMap: 100 }),
    ).toMatch(/more than 100 keys/);
    // Aliases may nest what they repeat: the value read is measured too.
    expect(refusal('a: &a [[x]]\nb: &b [*a, *a]\nc: [*b]\n', { maxDepth: 3 })).toBe(
      'Invalid YAML: nested deeper than 3 levels',
    );
    expect(refusal('a: x\n---\nb: y\n')).toBe('Invalid YAML: the file must hold exactly one document');
    expect(refusal('a: !!js/function "f"\n')).toMatch(/^Invalid YAML: .*\(line 1, column 4\)$/);
  });
});
