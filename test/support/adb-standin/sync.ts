import type { AdbStream } from './transport';
import type { StandinDevice } from './standin-device';

/**
 * The device side of adb's file sync service (AOSP adb/SYNC.TXT, file_sync_service.cpp): requests
 * are a 4-byte id, a little-endian length and a path; STAT answers mode/size/mtime, LIST a DENT
 * per entry then DONE, SEND takes DATA chunks until DONE <mtime> and answers OKAY, RECV answers
 * DATA chunks (64 KiB at most) then DONE, or FAIL with a message; QUIT ends the stream.
 */
export function serveSync(dev: StandinDevice, stream: AdbStream): void {
  const reader = new ByteReader(stream);
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    return b;
  };
  const msg = (id: string, ...parts: (Buffer | number)[]) =>
    Buffer.concat([Buffer.from(id), ...parts.map((p) => (typeof p === 'number' ? u32(p) : p))]);
  const fail = (text: string) => stream.write(msg('FAIL', Buffer.byteLength(text), Buffer.from(text)));

  void (async () => {
    for (;;) {
      const head = await reader.read(8);
      if (!head) return;
      const id = head.subarray(0, 4).toString('latin1');
      const arg = await reader.read(head.readUInt32LE(4));
      if (!arg) return;
      const p = arg.toString('utf8');
      if (id === 'STAT') {
        const f = dev.files.get(p);
        const dir = !f && [...dev.files.keys()].some((k) => k.startsWith(`${p.replace(/\/$/, '')}/`));
        await stream.write(msg('STAT', f ? f.mode : dir ? 0o40755 : 0, f?.data.length ?? 0, f?.mtime ?? 0));
      } else if (id === 'LIST') {
        const prefix = `${p.replace(/\/$/, '')}/`;
        for (const [k, f] of dev.files) {
          const name = k.slice(prefix.length);
          if (!k.startsWith(prefix) || name.includes('/')) continue;
          await stream.write(msg('DENT', f.mode, f.data.length, f.mtime, Buffer.byteLength(name), Buffer.from(name)));
        }
        await stream.write(msg('DONE', 0, 0, 0, 0));
      } else if (id === 'SEND') {
        const comma = p.lastIndexOf(',');
        const file = comma < 0 ? p : p.slice(0, comma);
        const mode = comma < 0 ? 0o100644 : Number(p.slice(comma + 1));
        const chunks: Buffer[] = [];
        for (;;) {
          const h = await reader.read(8);
          if (!h) return;
          const kind = h.subarray(0, 4).toString('latin1');
          if (kind === 'DATA') {
            const data = await reader.read(h.readUInt32LE(4));
            if (!data) return;
            chunks.push(data);
          } else if (kind === 'DONE') {
            dev.writeFile(file, Buffer.concat(chunks), mode);
            await stream.write(msg('OKAY', 0));
            break;
          } else {
            await fail(`unexpected ${kind} during SEND`);
            stream.end();
            return;
          }
        }
      } else if (id === 'RECV') {
        const f = dev.files.get(p);
        if (!f) {
          await fail(`remote object '${p}' does not exist`);
          continue;
        }
        for (let i = 0; i < f.data.length; i += 65536) {
          const part = f.data.subarray(i, i + 65536);
          await stream.write(msg('DATA', part.length, part));
        }
        await stream.write(msg('DONE', 0));
      } else {
        // QUIT, or anything else: the service ends.
        stream.end();
        return;
      }
    }
  })();
}

/** Reads exact byte counts from a stream's WRTE payloads; null once it closed. */
export class ByteReader {
  private buf = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private done = false;

  constructor(stream: AdbStream) {
    stream.on('data', (d) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.waiting?.();
    });
    stream.on('close', () => {
      this.done = true;
      this.waiting?.();
    });
  }

  async read(n: number): Promise<Buffer | null> {
    while (this.buf.length < n) {
      if (this.done) return null;
      await new Promise<void>((r) => (this.waiting = r));
      this.waiting = null;
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  /** What arrived so far (line protocols read whatever came). */
  async chunk(): Promise<Buffer | null> {
    while (this.buf.length === 0) {
      if (this.done) return null;
      await new Promise<void>((r) => (this.waiting = r));
      this.waiting = null;
    }
    const out = this.buf;
    this.buf = Buffer.alloc(0);
    return out;
  }
}
