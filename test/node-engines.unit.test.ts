import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The lowest Node major the README promises. */
const SUPPORTED_MAJOR = 20;

/** Installed packages whose `engines.node` asks for a newer Node than the one the README promises. */
function newerNodeOnly(): string[] {
  const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
  };
  const out: string[] = [];
  for (const [where, p] of Object.entries(lock.packages)) {
    const range = !p.engines || Array.isArray(p.engines) ? undefined : p.engines.node;
    const min = range ? /^>=?\s*v?(\d+)/.exec(range.trim()) : null;
    if (min && Number(min[1]) > SUPPORTED_MAJOR) out.push(`${where.split('node_modules/').at(-1)}@${p.version}`);
  }
  return out.sort();
}

describe('Node 20', () => {
  it("the README names every installed package that declares a newer Node, and why npm ci's warning about it is safe", () => {
    const found = newerNodeOnly();
    const readme = fs.readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('EBADENGINE'));
    expect(readme).toContain('EBADENGINE');
    for (const pkg of found) expect(section, `README does not name ${pkg}`).toContain(`\`${pkg}\``);
  });
});
