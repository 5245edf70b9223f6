import fs from 'node:fs';
import net from 'node:net';
import * as grpc from '@grpc/grpc-js';
import type { HidEvent } from '../../src/worker/drivers/idb-hid';
import { companionServiceDefinition } from '../../src/worker/drivers/idb-grpc/idb-service';

/**
 * A stand-in for `idb_companion`: a real @grpc/grpc-js server on loopback that implements the
 * vendored idb.proto's `hid`, `accessibility_info` and `describe` the way the companion answers
 * them (hid: takes each event as it arrives and answers once the client ends the stream; accessibility_info:
 * the describe-all JSON; describe: the target with its screen dimensions), and records what it
 * was sent. It listens on 127.0.0.1 behind a TCP relay that counts client connections, and on a
 * Unix socket (what a companion started with `--grpc-domain-sock` listens on).
 */

export interface FakeHidCall {
  events: HidEvent[];
  /** The client ended its stream (half-close). */
  ended: boolean;
  /** The call ended without an end from the client (channel closed, cancelled). */
  cancelled: boolean;
}

export interface FakeCompanionOptions {
  /** What `accessibility_info` answers (the recorded describe-all JSON). */
  describeAllJson: string;
  /** `describe`'s screen dimensions. */
  screen: { width: number; height: number; density: number; width_points: number; height_points: number };
  /** The Unix socket to listen on as well. */
  socketPath?: string;
  /** The relay's port (default: any free one). */
  port?: number;
}

export interface FakeCompanion {
  /** `127.0.0.1:<port>` of the counting relay. */
  address: string;
  hidCalls: FakeHidCall[];
  accessibilityRequests: Record<string, unknown>[];
  describeCalls: number;
  /** Client connections through the relay: opened in all, open now. */
  connections(): { opened: number; open: number };
  /** The next `hid` call is answered with this status once its stream ends. */
  failNextHid(code: grpc.status, details: string): void;
  stop(): Promise<void>;
}

export async function startFakeCompanion(o: FakeCompanionOptions): Promise<FakeCompanion> {
  const server = new grpc.Server();
  const hidCalls: FakeHidCall[] = [];
  const accessibilityRequests: Record<string, unknown>[] = [];
  let describeCalls = 0;
  let failHid: { code: grpc.status; details: string } | null = null;
  server.addService(companionServiceDefinition(), {
    hid(call: grpc.ServerReadableStream<HidEvent, object>, callback: grpc.sendUnaryData<object>) {
      const record: FakeHidCall = { events: [], ended: false, cancelled: false };
      hidCalls.push(record);
      const fail = failHid;
      failHid = null;
      call.on('data', (e: HidEvent) => record.events.push(e));
      call.on('cancelled', () => {
        record.cancelled = true;
      });
      call.on('end', () => {
        record.ended = true;
        if (fail) callback({ code: fail.code, details: fail.details });
        else callback(null, {});
      });
    },
    accessibility_info(
      call: grpc.ServerUnaryCall<Record<string, unknown>, object>,
      callback: grpc.sendUnaryData<object>,
    ) {
      accessibilityRequests.push(call.request);
      callback(null, { json: o.describeAllJson });
    },
    describe(_call: grpc.ServerUnaryCall<object, object>, callback: grpc.sendUnaryData<object>) {
      describeCalls += 1;
      callback(null, { target_description: { udid: 'fake', screen_dimensions: o.screen } });
    },
  });
  const bind = (address: string) =>
    new Promise<number>((resolve, reject) =>
      server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (err, port) =>
        err ? reject(err) : resolve(port),
      ),
    );
  const grpcPort = await bind('127.0.0.1:0');
  if (o.socketPath) {
    fs.rmSync(o.socketPath, { force: true });
    await bind(`unix:${o.socketPath}`);
  }

  let opened = 0;
  const sockets = new Set<net.Socket>();
  const clients = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    opened += 1;
    clients.add(client);
    sockets.add(client);
    const upstream = net.connect(grpcPort, '127.0.0.1');
    sockets.add(upstream);
    // gRPC's small frames would otherwise wait on Nagle's algorithm at the relay.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      clients.delete(client);
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => relay.listen(o.port ?? 0, '127.0.0.1', resolve));
  const relayPort = (relay.address() as net.AddressInfo).port;

  return {
    address: `127.0.0.1:${relayPort}`,
    hidCalls,
    accessibilityRequests,
    get describeCalls() {
      return describeCalls;
    },
    connections: () => ({ opened, open: clients.size }),
    failNextHid(code, details) {
      failHid = { code, details };
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      server.forceShutdown();
    },
  };
}
