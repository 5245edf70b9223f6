/**
 * A streaming multipart/form-data parser (RFC 7578) for upload routes. It takes the body in
 * whatever chunks the socket gives and hands each part's bytes to a sink as slices of those
 * chunks, so a file part is never copied in memory: the delimiter is found with `Buffer.indexOf`
 * and only a few bytes that may start a delimiter wait for the next chunk. It is synchronous;
 * the caller owns back-pressure (pause the request while a sink's disk write catches up).
 *
 * Everything from the client is bounded: the number of parts, fields and files, each header
 * block's size, each text field's size. A violation throws a `MultipartError` whose message says
 * which limit, for a 400.
 */

export class MultipartError extends Error {
  constructor(
    message: string,
    /** 'limit' for a part, field or header over a limit; 'malformed' for a body that breaks the format. */
    readonly kind: 'limit' | 'malformed',
  ) {
    super(message);
  }
}

export interface PartInfo {
  /** The form field's name. */
  name: string;
  /** The file name a file part carries (possibly empty), or null for a text field. */
  filename: string | null;
  contentType: string | null;
}

/** Receives one part's bytes. `data` gets slices of the incoming chunks; keep them only as long as needed. */
export interface PartSink {
  data(chunk: Buffer): void;
  end(): void;
}

export interface MultipartLimits {
  /** Parts in all (fields and files). */
  parts: number;
  /** Text fields. */
  fields: number;
  /** File parts. */
  files: number;
  /** Bytes of one text field's value. */
  fieldBytes: number;
  /** Bytes of one part's header block. */
  headerBytes: number;
}

export const DEFAULT_MULTIPART_LIMITS: MultipartLimits = {
  parts: 21,
  fields: 20,
  files: 1,
  fieldBytes: 64 * 1024,
  headerBytes: 16 * 1024,
};

/** The longest boundary RFC 2046 allows. */
const MAX_BOUNDARY_LENGTH = 70;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);

/** The boundary of a `multipart/form-data` Content-Type, or null when it is another type or has none. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const [type, ...params] = splitParams(contentType);
  if (type?.toLowerCase() !== 'multipart/form-data') return null;
  const boundary = params.find((p) => p.name === 'boundary')?.value;
  if (
    !boundary ||
    boundary.length > MAX_BOUNDARY_LENGTH ||
    !/^[0-9A-Za-z'()+_,\-./:=? ]*[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary)
  )
    return null;
  return boundary;
}

type State = 'preamble' | 'boundaryLine' | 'headers' | 'body' | 'done';

export class MultipartParser {
  private readonly delimiter: Buffer;
  /** Bytes from the end of the last chunk that the next one must be read after. */
  private carry: Buffer;
  private state: State = 'preamble';
  /** The header block read so far, after a virtual leading CRLF. */
  private head: Buffer = EMPTY;
  private sink: PartSink | null = null;
  private readonly counts = { parts: 0, fields: 0, files: 0 };

  constructor(
    boundary: string,
    private readonly onPart: (part: PartInfo) => PartSink,
    private readonly limits: MultipartLimits = DEFAULT_MULTIPART_LIMITS,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
    // The first boundary has no CRLF before it: read the body as if it had one.
    this.carry = CRLF;
  }

  /** True once the closing boundary has been read (anything after it is ignored). */
  get finished(): boolean {
    return this.state === 'done';
  }

  write(chunk: Buffer): void {
    if (this.finished || chunk.length === 0) return;
    let data = chunk;
    if (this.carry.length > 0) {
      data = Buffer.concat([this.carry, chunk]);
      this.carry = EMPTY;
    }
    let pos = 0;
    while (pos < data.length && !this.finished) {
      if (this.state === 'preamble' || this.state === 'body') pos = this.scanBody(data, pos);
      else if (this.state === 'boundaryLine') pos = this.readBoundaryLine(data, pos);
      else pos = this.readHeaders(data, pos);
    }
  }

  /** The body ended: throws unless the closing boundary came. */
  end(): void {
    if (this.state !== 'done')
      throw new MultipartError('The multipart body ended before its closing boundary', 'malformed');
  }

  /** Passes bytes up to the next delimiter to the part (or drops them, in the preamble). */
  private scanBody(data: Buffer, pos: number): number {
    const at = data.indexOf(this.delimiter, pos);
    if (at === -1) {
      const keep = partialDelimiterAt(data, pos, this.delimiter);
      if (keep > pos) this.sink?.data(data.subarray(pos, keep));
      if (keep < data.length) this.carry = Buffer.from(data.subarray(keep));
      return data.length;
    }
    if (this.state === 'body') {
      if (at > pos) this.sink?.data(data.subarray(pos, at));
      const sink = this.sink;
      this.sink = null;
      sink?.end();
    }
    this.state = 'boundaryLine';
    return at + this.delimiter.length;
  }

  /** After a delimiter: `--` closes the body; otherwise optional whitespace and CRLF open a part. */
  private readBoundaryLine(data: Buffer, pos: number): number {
    if (data.length - pos < 2) return this.wait(data, pos);
    if (data[pos] === 0x2d && data[pos + 1] === 0x2d) {
      this.state = 'done';
      return data.length;
    }
    const eol = data.indexOf(CRLF, pos);
    if (eol === -1) {
      if (data.length - pos > 256) throw new MultipartError('A boundary line does not end', 'malformed');
      return this.wait(data, pos);
    }
    for (let i = pos; i < eol; i++) {
      if (data[i] !== 0x20 && data[i] !== 0x09)
        throw new MultipartError('A boundary is followed by other text on its line', 'malformed');
    }
    if (++this.counts.parts > this.limits.parts)
      throw new MultipartError(`Too many parts: at most ${this.limits.parts}`, 'limit');
    this.state = 'headers';
    this.head = CRLF;
    return eol + 2;
  }

  /** Collects the part's header block (bounded) until the empty line, then opens its sink. */
  private readHeaders(data: Buffer, pos: number): number {
    const before = this.head.length;
    const room = this.limits.headerBytes + HEADER_END.length - before;
    this.head = Buffer.concat([this.head, data.subarray(pos, pos + Math.max(0, room))]);
    const end = this.head.indexOf(HEADER_END);
    if (end === -1) {
      if (this.head.length >= this.limits.headerBytes + HEADER_END.length) {
        throw new MultipartError(`A part's headers are longer than ${this.limits.headerBytes} bytes`, 'limit');
      }
      return data.length;
    }
    const block = this.head.subarray(CRLF.length, end).toString('utf8');
    this.head = EMPTY;
    this.openPart(parsePartHeaders(block));
    this.state = 'body';
    return pos + (end + HEADER_END.length - before);
  }

  private openPart(part: PartInfo): void {
    if (part.filename === null) {
      if (++this.counts.fields > this.limits.fields)
        throw new MultipartError(`Too many fields: at most ${this.limits.fields}`, 'limit');
    } else if (++this.counts.files > this.limits.files) {
      throw new MultipartError(`Too many files: at most ${this.limits.files}`, 'limit');
    }
    this.sink = this.onPart(part);
  }

  private wait(data: Buffer, pos: number): number {
    this.carry = Buffer.from(data.subarray(pos));
    return data.length;
  }
}

/**
 * Where the bytes of `data` from `from` on stop being certainly data: the start of the longest
 * tail that is a prefix of `delimiter` (that tail must wait for the next chunk), or data.length.
 */
function partialDelimiterAt(data: Buffer, from: number, delimiter: Buffer): number {
  const start = Math.max(from, data.length - delimiter.length + 1);
  for (let i = start; i < data.length; i++) {
    if (data[i] !== delimiter[0]) continue;
    if (data.subarray(i).equals(delimiter.subarray(0, data.length - i))) return i;
  }
  return data.length;
}

/** A text field's sink: the value as UTF-8, refused past `maxBytes`. */
export function fieldSink(name: string, maxBytes: number, onValue: (value: string) => void): PartSink {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    data(chunk) {
      size += chunk.length;
      if (size > maxBytes) throw new MultipartError(`${name}: longer than ${maxBytes} bytes`, 'limit');
      chunks.push(Buffer.from(chunk));
    },
    end() {
      onValue(Buffer.concat(chunks).toString('utf8'));
    },
  };
}

/** A sink that drops the part's bytes. */
export const skipSink: PartSink = { data() {}, end() {} };

function parsePartHeaders(block: string): PartInfo {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of block.split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError('A part header has no name', 'malformed');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value;
  }
  if (disposition === null) throw new MultipartError('A part has no Content-Disposition header', 'malformed');
  const [type, ...params] = splitParams(disposition);
  if (type?.toLowerCase() !== 'form-data') throw new MultipartError('A part is not form-data', 'malformed');
  const fieldName = params.find((p) => p.name === 'name')?.value;
  if (fieldName === undefined) throw new MultipartError('A part has no field name', 'malformed');
  const extended = params.find((p) => p.name === 'filename*')?.value;
  const plain = params.find((p) => p.name === 'filename')?.value;
  const filename = (extended !== undefined ? decodeExtendedValue(extended) : null) ?? plain ?? null;
  return { name: fieldName, filename, contentType };
}

/** `type; a=1; b="quoted \"x\""` → the type, then each parameter (names lower-cased). */
function splitParams(header: string): [string | undefined, ...{ name: string; value: string }[]] {
  const semi = header.indexOf(';');
  const type = (semi === -1 ? header : header.slice(0, semi)).trim();
  const params: { name: string; value: string }[] = [];
  let i = semi === -1 ? header.length : semi + 1;
  while (i < header.length) {
    const eq = header.indexOf('=', i);
    if (eq === -1) break;
    const name = header.slice(i, eq).trim().toLowerCase();
    let value = '';
    i = eq + 1;
    while (header[i] === ' ' || header[i] === '\t') i++;
    if (header[i] === '"') {
      for (i++; i < header.length && header[i] !== '"'; i++) {
        if (header[i] === '\\' && i + 1 < header.length) i++;
        value += header[i];
      }
      i = header.indexOf(';', i);
      i = i === -1 ? header.length : i + 1;
    } else {
      const next = header.indexOf(';', i);
      value = header.slice(i, next === -1 ? header.length : next).trim();
      i = next === -1 ? header.length : next + 1;
    }
    params.push({ name, value });
  }
  return [type, ...params];
}

/** RFC 5987 `UTF-8'lang'percent-encoded`; null when it is another charset or cannot be read. */
function decodeExtendedValue(value: string): string | null {
  const match = /^utf-?8'[^']*'(.*)$/i.exec(value);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
