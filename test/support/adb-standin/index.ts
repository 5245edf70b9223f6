import { registerHelpers } from './helpers';
import { registerScreenrecord } from './screenrecord';
import { runShellLine } from './shell-commands';
import { StandinDevice } from './standin-device';
import { serveSync } from './sync';
import { type AdbStream, type DeviceLink, listenTransport } from './transport';

export { StandinDevice } from './standin-device';
export type { AdbStream } from './transport';

/** A socket service on the device (`tcp:<port>`, `localabstract:<name>`) and what serves it. */
export type DeviceSocket = (stream: AdbStream) => void;

export interface AdbStandin {
  /** The loopback port adb connects to (`adb connect 127.0.0.1:<port>`). */
  port: number;
  /** The serial the adb server lists it under once connected. */
  serial: string;
  device: StandinDevice;
  /** Device-side sockets by service name; a service nobody listens on is refused. */
  sockets: Map<string, DeviceSocket>;
  /** Every service the adb server opened, in order (tests check which library calls ran). */
  opened: string[];
  /** Reverse rules as `adb reverse` set them: device side → host side. */
  reverses: Map<string, string>;
  /** Connects to `devicePort` as a device app would, through a reverse rule, to the host side. */
  connectReverse(devicePort: string): Promise<AdbStream | null>;
  close(): Promise<void>;
}

/**
 * A stand-in Android device that the real adb server accepts over TCP: the adb transport
 * protocol (transport.ts) in front of a virtual device (standin-device.ts), with the services
 * adb clients use: shell: and exec: (shell-commands.ts), sync: (sync.ts), reverse:, tcp: and
 * localabstract:. Formats come from real devices and AOSP sources (README.md).
 */
export async function startAdbStandin(opts: ConstructorParameters<typeof StandinDevice>[0] = {}): Promise<AdbStandin> {
  const device = new StandinDevice(opts);
  registerHelpers();
  registerScreenrecord();
  const sockets = device.sockets;
  const reverses = new Map<string, string>();
  let lastLink: DeviceLink | null = null;
  const opened: string[] = [];

  const transport = await listenTransport(device.banner(), (service, link) => {
    lastLink = link;
    opened.push(service);
    const shell = /^(shell|exec):(.*)$/s.exec(service);
    if (shell) {
      const line = shell[2]!;
      return (stream) => {
        void runShellLine(device, line, stream)
          .catch((e: Error) => stream.write(`${e.message}\n`))
          .finally(() => stream.end());
      };
    }
    if (service === 'sync:') return (stream) => serveSync(device, stream);
    if (service.startsWith('reverse:')) return (stream) => void reverse(service.slice(8), stream);
    const socket = sockets.get(service);
    return socket ?? null;
  });

  /** adbd's reverse service (handle_forward_request on the device): OKAY, or the listing alone, then the end. */
  async function reverse(req: string, stream: AdbStream) {
    const fwd = /^forward:(?:norebind:)?([^;]+);(.+)$/.exec(req);
    const kill = /^killforward:(.+)$/.exec(req);
    if (fwd) reverses.set(fwd[1]!, fwd[2]!);
    else if (kill) reverses.delete(kill[1]!);
    else if (req === 'killforward-all') reverses.clear();
    if (req === 'list-forward') {
      const list = [...reverses].map(([d, h]) => `(reverse) ${d} ${h}\n`).join('');
      await stream.write(`${Buffer.byteLength(list).toString(16).padStart(4, '0')}${list}`);
    } else if (fwd || kill || req === 'killforward-all') await stream.write('OKAY');
    else await stream.write('FAIL000funknown request');
    stream.end();
  }

  return {
    port: transport.port,
    serial: `127.0.0.1:${transport.port}`,
    device,
    sockets,
    opened,
    reverses,
    async connectReverse(devicePort) {
      const host = reverses.get(devicePort);
      const link = lastLink ?? [...transport.links][0];
      if (!host || !link) return null;
      return link.openToHost(host);
    },
    async close() {
      await transport.close();
      device.close();
    },
  };
}
