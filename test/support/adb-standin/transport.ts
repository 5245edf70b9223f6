import net from 'node:net';

/**
 * The device side of the adb transport protocol (AOSP system/core/adb/protocol.txt): 24-byte
 * little-endian headers (command, arg0, arg1, payload length, payload byte sum, command ^
 * 0xffffffff), a CNXN handshake without AUTH (an emulator with ro.adb.secure=0 does the same),
 * and streams opened by OPEN, fed by WRTE, each WRTE acknowledged by OKAY before the next one
 * is sent, ended by CLSE.
 */

export const A_CNXN = 0x4e584e43;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_WRTE = 0x45545257;
export const A_CLSE = 0x45534c43;
export const A_AUTH = 0x48545541;
/** Protocol version that lets both sides skip the payload checksum (adb 1.0.39+). */
export const A_VERSION = 0x01000001;
const MAX_PAYLOAD = 256 * 1024;

export function encodeMessage(command: number, arg0: number, arg1: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const h = Buffer.alloc(24);
  let sum = 0;
  for (const b of data) sum = (sum + b) >>> 0;
  h.writeUInt32LE(command, 0);
  h.writeUInt32LE(arg0 >>> 0, 4);
  h.writeUInt32LE(arg1 >>> 0, 8);
  h.writeUInt32LE(data.length, 12);
  h.writeUInt32LE(sum, 16);
  h.writeUInt32LE((command ^ 0xffffffff) >>> 0, 20);
  return Buffer.concat([h, data]);
}

/** One stream between the adb server and a device service. */
export interface AdbStream {
  /** Queues bytes for the host (split to the negotiated payload size, one WRTE per OKAY). */
  write(data: Buffer | string): Promise<void>;
  /** Ends the stream once everything queued was acknowledged. */
  end(): void;
  readonly closed: boolean;
  on(event: 'data', cb: (data: Buffer) => void): void;
  on(event: 'close', cb: () => void): void;
}

/**
 * What serves a service name: a handler that gets the stream once the host was told OKAY, or
 * `null` when the device has no such service (the host sees CLSE).
 */
export type ServiceOpener = (service: string, link: DeviceLink) => ((stream: AdbStream) => void) | null;

class Stream implements AdbStream {
  remoteId = 0;
  closed = false;
  private queue: { data: Buffer; done: () => void }[] = [];
  private inFlight = false;
  private ending = false;
  private readonly dataCbs: ((d: Buffer) => void)[] = [];
  private readonly closeCbs: (() => void)[] = [];

  constructor(
    readonly localId: number,
    private readonly link: DeviceLink,
  ) {}

  write(data: Buffer | string): Promise<void> {
    const buf = typeof data === 'string' ? Buffer.from(data) : data;
    if (this.closed || buf.length === 0) return Promise.resolve();
    const parts: Buffer[] = [];
    for (let i = 0; i < buf.length; i += this.link.maxPayload) parts.push(buf.subarray(i, i + this.link.maxPayload));
    return new Promise((resolve) => {
      parts.forEach((p, i) => {
        this.queue.push({ data: p, done: i === parts.length - 1 ? resolve : () => undefined });
      });
      this.pump();
    });
  }

  end(): void {
    this.ending = true;
    this.pump();
  }

  on(event: 'data' | 'close', cb: ((d: Buffer) => void) | (() => void)): void {
    if (event === 'data') this.dataCbs.push(cb as (d: Buffer) => void);
    else this.closeCbs.push(cb as () => void);
  }

  /** The host acknowledged the last WRTE. */
  acked(): void {
    this.inFlight = false;
    this.pump();
  }

  received(data: Buffer): void {
    for (const cb of this.dataCbs) cb(data);
  }

  private pump(): void {
    if (this.closed || this.inFlight) return;
    const next = this.queue.shift();
    if (next) {
      this.inFlight = true;
      this.link.send(A_WRTE, this.localId, this.remoteId, next.data);
      next.done();
      return;
    }
    if (this.ending) {
      this.link.send(A_CLSE, this.localId, this.remoteId);
      this.closeLocal();
    }
  }

  /** Closed by either side: nothing more is sent; waiting writers are released. */
  closeLocal(): void {
    if (this.closed) return;
    this.closed = true;
    for (const q of this.queue) q.done();
    this.queue = [];
    this.link.forget(this.localId);
    for (const cb of this.closeCbs) cb();
  }
}

/** One adb server's connection to the device. */
export class DeviceLink {
  maxPayload = 4096;
  private buf = Buffer.alloc(0);
  private readonly streams = new Map<number, Stream>();
  private readonly pendingOpens = new Map<number, (s: Stream | null) => void>();
  private nextId = 1;
  private connected = false;

  constructor(
    private readonly socket: net.Socket,
    private readonly banner: string,
    private readonly open: ServiceOpener,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (d) => this.onData(d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      for (const s of [...this.streams.values()]) s.closeLocal();
    });
  }

  send(command: number, arg0: number, arg1: number, data?: Buffer): void {
    if (!this.socket.destroyed) this.socket.write(encodeMessage(command, arg0, arg1, data));
  }

  forget(localId: number): void {
    this.streams.delete(localId);
  }

  /** A stream the device opens to the host (a reverse connection), once the host accepts it. */
  openToHost(destination: string): Promise<AdbStream | null> {
    const s = new Stream(this.nextId++, this);
    return new Promise((resolve) => {
      this.pendingOpens.set(s.localId, (accepted) => resolve(accepted));
      this.streams.set(s.localId, s);
      this.send(A_OPEN, s.localId, 0, Buffer.from(`${destination}\0`));
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(d: Buffer): void {
    this.buf = Buffer.concat([this.buf, d]);
    while (this.buf.length >= 24) {
      const len = this.buf.readUInt32LE(12);
      if (this.buf.length < 24 + len) return;
      const command = this.buf.readUInt32LE(0);
      const arg0 = this.buf.readUInt32LE(4);
      const arg1 = this.buf.readUInt32LE(8);
      if (this.buf.readUInt32LE(20) !== (command ^ 0xffffffff) >>> 0) {
        this.socket.destroy();
        return;
      }
      const data = this.buf.subarray(24, 24 + len);
      this.buf = this.buf.subarray(24 + len);
      this.handle(command, arg0, arg1, data);
    }
  }

  private handle(command: number, arg0: number, arg1: number, data: Buffer): void {
    if (command === A_CNXN) {
      this.maxPayload = Math.min(arg1 || 4096, MAX_PAYLOAD);
      this.connected = true;
      this.send(A_CNXN, A_VERSION, MAX_PAYLOAD, Buffer.from(this.banner));
      return;
    }
    if (!this.connected) return;
    if (command === A_OPEN) {
      const service = data.toString('utf8').replace(/\0+$/, '');
      const serve = this.open(service, this);
      if (!serve) {
        this.send(A_CLSE, 0, arg0);
        return;
      }
      const s = new Stream(this.nextId++, this);
      s.remoteId = arg0;
      this.streams.set(s.localId, s);
      this.send(A_OKAY, s.localId, arg0);
      serve(s);
      return;
    }
    const s = this.streams.get(arg1);
    if (command === A_OKAY) {
      const pending = this.pendingOpens.get(arg1);
      if (pending && s) {
        this.pendingOpens.delete(arg1);
        s.remoteId = arg0;
        pending(s);
        return;
      }
      s?.acked();
    } else if (command === A_WRTE) {
      if (!s) return;
      this.send(A_OKAY, s.localId, s.remoteId);
      s.received(Buffer.from(data));
    } else if (command === A_CLSE) {
      const pending = this.pendingOpens.get(arg1);
      if (pending) {
        this.pendingOpens.delete(arg1);
        pending(null);
      }
      s?.closeLocal();
    }
  }
}

/** A loopback TCP server that adb reaches with `adb connect 127.0.0.1:<port>`. */
export async function listenTransport(
  banner: string,
  open: ServiceOpener,
): Promise<{ port: number; links: Set<DeviceLink>; close: () => Promise<void> }> {
  const links = new Set<DeviceLink>();
  const server = net.createServer((socket) => {
    const link = new DeviceLink(socket, banner, open);
    links.add(link);
    socket.on('close', () => links.delete(link));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    links,
    close: () =>
      new Promise<void>((resolve) => {
        for (const l of links) l.close();
        server.close(() => resolve());
      }),
  };
}
