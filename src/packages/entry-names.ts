import { formatBytes, unsafe, type PackageLimits } from './package-limits';

/**
 * Checks one archive entry name: its length, and that it stays inside the archive (no absolute
 * path, drive letter or `..` component). Returns the name with a leading `./` removed.
 */
export function checkEntryName(raw: string, limits: PackageLimits): string {
  const bytes = Buffer.byteLength(raw);
  if (bytes > limits.maxNameBytes)
    throw unsafe(`an entry name is ${formatBytes(bytes)} long, more than the ${limits.maxNameBytes} bytes allowed`);
  const name = raw.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name))
    throw unsafe(`the entry "${printable(name)}" has an absolute path`);
  if (name.split('/').includes('..')) throw unsafe(`the entry "${printable(name)}" points outside the archive`);
  return name;
}

/** Counts header bytes across an archive against `maxHeaderBytes`. */
export class HeaderBudget {
  private used = 0;
  constructor(private readonly limits: PackageLimits) {}

  add(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limits.maxHeaderBytes)
      throw unsafe(`the archive's entry headers take more than ${formatBytes(this.limits.maxHeaderBytes)}`);
  }
}

/** An entry name as it may appear in a message: short, without control characters. */
export function printable(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}
