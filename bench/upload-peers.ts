import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';

/**
 * The upload benchmark's lean processes, so that neither the load generator nor the references
 * share a heap (and its garbage collection) with the benchmark's own process:
 * - `client`: sends files on request (IPC) and answers with the status and time, as curl would;
 * - `references`: the two ceilings, a plain HTTP request body piped to a file and a bare Fastify
 *   multipart route streaming its file part to disk.
 */
const MB = 1024 * 1024;
const [role, dir] = process.argv.slice(2);

export interface UploadRequest {
  url: string;
  file: string;
  /** multipart/form-data with one `file` part (as curl -F sends it), or the file as the raw body. */
  as: 'multipart' | 'raw';
  token?: string;
}
export interface UploadAnswer {
  status: number;
  body: string;
  ms: number;
}

function send({ url, file, as, token }: UploadRequest): Promise<UploadAnswer> {
  const boundary = '----simdeckbench';
  const head =
    as === 'multipart'
      ? Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: application/vnd.android.package-archive\r\n\r\n`,
        )
      : Buffer.alloc(0);
  const tail = as === 'multipart' ? Buffer.from(`\r\n--${boundary}--\r\n`) : Buffer.alloc(0);
  const headers: Record<string, string | number> = {
    'content-type': as === 'multipart' ? `multipart/form-data; boundary=${boundary}` : 'application/octet-stream',
    'content-length': head.length + fs.statSync(file).size + tail.length,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
    });
    req.on('error', reject);
    if (head.length) req.write(head);
    const rs = fs.createReadStream(file, { highWaterMark: MB });
    rs.on('error', reject);
    rs.on('end', () => req.end(tail));
    rs.pipe(req, { end: false });
  });
}

async function references(): Promise<{ raw: string; bare: string }> {
  const raw = http.createServer((req, res) => {
    pipeline(req, fs.createWriteStream(path.join(dir!, 'raw-upload.bin'), { highWaterMark: MB })).then(
      () => res.end('{"ok":true}'),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  const bare = Fastify();
  await bare.register(multipart, { limits: { fileSize: 501 * MB } });
  bare.post('/api/v1/apps/upload', async (req) => {
    const part = await req.file();
    if (!part) throw new Error('no file');
    await pipeline(part.file, fs.createWriteStream(path.join(dir!, 'bare-upload.bin'), { highWaterMark: MB }));
    return { ok: true };
  });
  return {
    raw: `http://127.0.0.1:${(raw.address() as { port: number }).port}`,
    bare: await bare.listen({ port: 0, host: '127.0.0.1' }),
  };
}

if (role === 'client') {
  process.on('message', (m: UploadRequest | 'stop') => {
    if (m === 'stop') process.exit(0);
    send(m).then(
      (answer) => process.send!(answer),
      (err: Error) => process.send!({ status: 0, body: err.message, ms: 0 }),
    );
  });
  process.send!({ ready: true });
} else if (role === 'references') {
  process.on('message', (m: string) => {
    if (m === 'stop') process.exit(0);
    // CPU time of the process so far (ms), to take the references' cost per upload.
    const { user, system } = process.cpuUsage();
    process.send!({ cpu: (user + system) / 1000 });
  });
  process.send!(await references());
}
