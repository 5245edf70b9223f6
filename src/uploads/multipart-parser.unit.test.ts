import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MULTIPART_LIMITS,
  fieldSink,
  MultipartError,
  MultipartParser,
  multipartBoundary,
  type PartInfo,
  type PartSink,
} from './multipart-parser';

const BOUNDARY = 'simdeck-b0undary';

interface Parsed {
  parts: (PartInfo & { body: Buffer })[];
}

/** Parses `body` fed in the given chunks; every part's bytes are collected. */
function parse(chunks: Buffer[], limits = DEFAULT_MULTIPART_LIMITS, boundary = BOUNDARY): Parsed {
  const parsed: Parsed = { parts: [] };
  const parser = new MultipartParser(
    boundary,
    (info): PartSink => {
      const bytes: Buffer[] = [];
      return {
        data: (chunk) => bytes.push(Buffer.from(chunk)),
        end: () => parsed.parts.push({ ...info, body: Buffer.concat(bytes) }),
      };
    },
    limits,
  );
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return parsed;
}

function body(parts: { headers: string; data: Buffer | string }[], { preamble = '', epilogue = '' } = {}): Buffer {
  const out: Buffer[] = [Buffer.from(preamble)];
  for (const part of parts)
    out.push(Buffer.from(`--${BOUNDARY}\r\n${part.headers}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  out.push(Buffer.from(`--${BOUNDARY}--\r\n${epilogue}`));
  return Buffer.concat(out);
}

const field = (name: string, value: string) => ({
  headers: `Content-Disposition: form-data; name="${name}"`,
  data: value,
});
const file = (name: string, filename: string, data: Buffer | string) => ({
  headers: `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream`,
  data,
});

function expectError(fn: () => unknown, kind: MultipartError['kind'], message: RegExp): void {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(MultipartError);
    expect((err as MultipartError).kind).toBe(kind);
    expect((err as Error).message).toMatch(message);
    return;
  }
  throw new Error('expected a MultipartError');
}

describe('MultipartParser', () => {
  // Bytes that look like the start of a delimiter, a CRLF-dash run and a near-miss boundary.
  const tricky = Buffer.concat([
    Buffer.from(`\r\n--${BOUNDARY.slice(0, -1)}x\r\n-\r\n--\r`),
    randomBytes(300),
    Buffer.from(`\r\n--${BOUNDARY.slice(0, 5)}`),
  ]);
  const sample = body([field('name', 'Demo ✓'), file('file', 'app.apk', tricky), field('note', '')], {
    preamble: 'ignored preamble\r\n',
    epilogue: 'ignored epilogue',
  });

  it('reads fields and the file byte for byte, wherever the chunks split', () => {
    for (let at = 0; at <= sample.length; at++) {
      const { parts } = parse([sample.subarray(0, at), sample.subarray(at)]);
      expect(parts.map((p) => [p.name, p.filename])).toEqual([
        ['name', null],
        ['file', 'app.apk'],
        ['note', null],
      ]);
      expect(parts[0]!.body.toString()).toBe('Demo ✓');
      expect(parts[1]!.body.equals(tricky), `split at ${at}`).toBe(true);
      expect(parts[1]!.contentType).toBe('application/octet-stream');
      expect(parts[2]!.body.length).toBe(0);
    }
  });

  it('reads a body fed one byte at a time', () => {
    const { parts } = parse([...sample].map((b) => Buffer.from([b])));
    expect(parts[1]!.body.equals(tricky)).toBe(true);
  });

  it('passes a large file to its sink as slices of the incoming chunks, without copies', () => {
    const data = Buffer.alloc(1024 * 1024, 'a');
    const whole = body([file('file', 'big.bin', data)]);
    const seen: Buffer[] = [];
    const parser = new MultipartParser(BOUNDARY, () => ({ data: (c) => seen.push(c), end() {} }));
    for (let at = 0; at < whole.length; at += 64 * 1024) {
      const chunk = Buffer.from(whole.subarray(at, at + 64 * 1024));
      parser.write(chunk);
      // After the first chunk, every chunk reaches the sink as a view of its own memory.
      if (at > 0 && at + chunk.length < whole.length) expect(seen.at(-1)!.buffer).toBe(chunk.buffer);
    }
    parser.end();
    expect(Buffer.concat(seen).equals(data)).toBe(true);
  });

  it('accepts whitespace after a boundary and a part without headers other than its disposition', () => {
    const raw = Buffer.from(
      `--${BOUNDARY} \t\r\nContent-Disposition: form-data; name=plain\r\n\r\nv\r\n--${BOUNDARY}--`,
    );
    expect(parse([raw]).parts.map((p) => [p.name, p.body.toString()])).toEqual([['plain', 'v']]);
  });

  it('reads quoted names with escapes and an RFC 5987 UTF-8 file name', () => {
    const raw = body([
      {
        headers: `Content-Disposition: form-data; name="a\\"b"; filename="plain.apk"; filename*=UTF-8''%C3%A9t%C3%A9.apk`,
        data: 'x',
      },
    ]);
    const [part] = parse([raw]).parts;
    expect(part!.name).toBe('a"b');
    expect(part!.filename).toBe('été.apk');
  });

  it('refuses more parts, fields or files than allowed', () => {
    const limits = { ...DEFAULT_MULTIPART_LIMITS, parts: 3, fields: 2, files: 1 };
    expectError(
      () => parse([body([field('a', '1'), field('b', '2'), field('c', '3')])], limits),
      'limit',
      /^Too many fields: at most 2$/,
    );
    expectError(
      () => parse([body([file('file', 'a', '1'), file('file', 'b', '2')])], limits),
      'limit',
      /^Too many files: at most 1$/,
    );
    expectError(
      () => parse([body([field('a', '1'), field('b', '2'), file('file', 'c', '3'), field('d', '4')])], limits),
      'limit',
      /^Too many parts: at most 3$/,
    );
  });

  it('refuses a header block over its limit without buffering the rest of the body', () => {
    const limits = { ...DEFAULT_MULTIPART_LIMITS, headerBytes: 1024 };
    const raw = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\nX-Pad: `),
      Buffer.alloc(10 * 1024 * 1024, 'a'),
    ]);
    expectError(() => parse([raw], limits), 'limit', /headers are longer than 1024 bytes/);
  });

  it('refuses a text field over its size', () => {
    const parser = new MultipartParser(BOUNDARY, (p) => fieldSink(p.name, 8, () => {}));
    expectError(() => parser.write(body([field('note', '123456789')])), 'limit', /^note: longer than 8 bytes$/);
  });

  it('names what is malformed', () => {
    const cases: [string, RegExp][] = [
      [`--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${BOUNDARY}--`, /no Content-Disposition/],
      [`--${BOUNDARY}\r\nContent-Disposition: attachment; name="x"\r\n\r\nx\r\n--${BOUNDARY}--`, /not form-data/],
      [`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--`, /no field name/],
      [`--${BOUNDARY}\r\nno colon here\r\n\r\nx\r\n--${BOUNDARY}--`, /header has no name/],
      [`--${BOUNDARY}junk\r\n`, /followed by other text/],
      [
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\ncut off`,
        /ended before its closing boundary/,
      ],
      ['no boundary anywhere', /ended before its closing boundary/],
    ];
    for (const [raw, message] of cases) expectError(() => parse([Buffer.from(raw)]), 'malformed', message);
  });
});

describe('multipartBoundary', () => {
  it('reads the boundary of multipart/form-data only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).toBe('a b:c');
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary('multipart/mixed; boundary=abc')).toBeNull();
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${'a'.repeat(71)}`)).toBeNull();
    expect(multipartBoundary('multipart/form-data; boundary="ends in space "')).toBeNull();
  });
});
