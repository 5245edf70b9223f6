import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, ObjectStorage } from '../storage/storage';
import { AppError } from '../errors';

/**
 * The single byte range of a `Range: bytes=…` header for an object of `size` bytes: null for the
 * whole object (no header, or one this does not serve, such as several ranges), 'unsatisfiable'
 * for a range past its end.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends a stored file of known `size` with HTTP Range support (206 with Content-Range, 416 past
 * the end, 200 with Accept-Ranges otherwise): what a browser's video element asks for.
 */
export async function sendStoredFile(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  file: { key: string; size: number; contentType: string; name?: string },
): Promise<FastifyReply> {
  const range = parseByteRange(req.headers.range, file.size);
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', file.contentType)
    .header('cache-control', 'private, max-age=3600');
  if (file.name) reply.header('content-disposition', `inline; filename="${file.name}"`);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  }
  const stream = await storage.get(file.key, range ?? undefined);
  if (!stream) throw new AppError('NOT_FOUND', 'The file is no longer stored');
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    reply.header('content-length', String(range.end - range.start + 1));
  } else reply.header('content-length', String(file.size));
  return reply.send(stream);
}
