import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { PROJECT_ROOT } from '../../../paths';
import type { IdbScreenDimensions } from '../idb-commands';
import type { HidEvent } from '../idb-hid';

/**
 * idb's `CompanionService` (idb.proto beside this file, vendored from facebook/idb: see its
 * README) loaded at run time with @grpc/proto-loader for @grpc/grpc-js, and the few messages
 * simdeck sends and reads, typed by hand in proto-loader's object form: field names as in the
 * .proto, enums by name, 64-bit integers as numbers.
 */

export const IDB_PROTO_PATH = path.join(PROJECT_ROOT, 'src/worker/drivers/idb-grpc/idb.proto');

export const IDB_LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
};

export interface AccessibilityInfoRequest {
  /** LEGACY is `idb ui describe-all --json`'s flat list of elements, in points. */
  format: 'LEGACY' | 'NESTED';
}

export interface AccessibilityInfoResponse {
  json: string;
}

export interface TargetDescriptionResponse {
  target_description?: { udid: string; screen_dimensions?: IdbScreenDimensions | null } | null;
}

type Unary<Req, Res> = (
  request: Req,
  options: grpc.CallOptions,
  callback: (err: grpc.ServiceError | null, response?: Res) => void,
) => grpc.ClientUnaryCall;

/** The client's methods simdeck calls. */
export interface IdbCompanionClient {
  hid(
    options: grpc.CallOptions,
    callback: (err: grpc.ServiceError | null, response?: object) => void,
  ): grpc.ClientWritableStream<HidEvent>;
  accessibility_info: Unary<AccessibilityInfoRequest, AccessibilityInfoResponse>;
  describe: Unary<{ fetch_diagnostics?: boolean }, TargetDescriptionResponse>;
  waitForReady(deadline: grpc.Deadline, callback: (error?: Error) => void): void;
  close(): void;
}

let loaded: grpc.ServiceClientConstructor | null = null;

/** The generated client class of the vendored .proto's `idb.CompanionService` (parsed once). */
function companionClass(): grpc.ServiceClientConstructor {
  if (loaded) return loaded;
  const idb = grpc.loadPackageDefinition(protoLoader.loadSync(IDB_PROTO_PATH, IDB_LOADER_OPTIONS))
    .idb as grpc.GrpcObject;
  const ctor = idb.CompanionService;
  if (typeof ctor !== 'function' || !('service' in ctor))
    throw new Error(`${IDB_PROTO_PATH} has no idb.CompanionService`);
  loaded = ctor;
  return ctor;
}

/** `idb.CompanionService`'s definition, for a server that implements it. */
export function companionServiceDefinition(): grpc.ServiceDefinition {
  return companionClass().service;
}

/** A client of the companion at `address` (`host:port`, `unix:/path`): one channel, opened lazily. */
export function createCompanionClient(address: string, options: grpc.ChannelOptions): IdbCompanionClient {
  const Client = companionClass();
  const client = new Client(address, grpc.credentials.createInsecure(), options);
  const method = (name: string): ((...args: never) => unknown) => {
    const m = client[name];
    if (typeof m !== 'function') throw new Error(`idb.CompanionService has no method ${name}`);
    return m.bind(client);
  };
  return {
    hid: method('hid') as IdbCompanionClient['hid'],
    accessibility_info: method('accessibility_info') as IdbCompanionClient['accessibility_info'],
    describe: method('describe') as IdbCompanionClient['describe'],
    waitForReady: (deadline, callback) => client.waitForReady(deadline, callback),
    close: () => client.close(),
  };
}
