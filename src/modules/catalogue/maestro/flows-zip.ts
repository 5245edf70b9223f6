import { ZipFile } from 'yazl';

/** A zip of text (and media) files by path (deflated, fixed dates so the same flows give the same bytes). */
export function writeFlowsZip(files: Map<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  const mtime = new Date(Date.UTC(2020, 0, 1));
  for (const [p, text] of [...files.entries()].sort(([a], [b]) => a.localeCompare(b)))
    zip.addBuffer(typeof text === 'string' ? Buffer.from(text, 'utf8') : text, p, { mtime, mode: 0o644 });
  zip.end();
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
