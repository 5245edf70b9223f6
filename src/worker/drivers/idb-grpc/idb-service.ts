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
export interface IdbCompanionClient extends grpc.Client {
  hid(
    options: grpc.CallOptions,
    callback: (err: grpc.ServiceError | null, response?: object) => void,
  ): grpc.ClientWritableStream<HidEvent>;
  accessibility_info: Unary<AccessibilityInfoRequest, AccessibilityInfoResponse>;
  describe: Unary<{ fetch_diagnostics?: boolean }, TargetDescriptionResponse>;
}

export type IdbCompanionClientConstructor = new (
  address: string,
  credentials: grpc.ChannelCredentials,
  options?: grpc.ChannelOptions,
) => IdbCompanionClient;

let loaded: grpc.GrpcObject | null = null;

/** The `idb` package of the vendored .proto (parsed once). */
export function idbPackage(): grpc.GrpcObject {
  loaded ??= grpc.loadPackageDefinition(protoLoader.loadSync(IDB_PROTO_PATH, IDB_LOADER_OPTIONS))
    .idb as grpc.GrpcObject;
  return loaded;
}

/** The generated client class of `idb.CompanionService`. */
export function companionClientClass(): IdbCompanionClientConstructor & grpc.ServiceClientConstructor {
  return idbPackage().CompanionService as unknown as IdbCompanionClientConstructor & grpc.ServiceClientConstructor;
}
