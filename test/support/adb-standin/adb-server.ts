import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** Debian's adb, when installed (tests that need it are skipped without it). */
export const ADB_BIN = ['/usr/bin/adb', '/usr/local/bin/adb'].find((p) => fs.existsSync(p)) ?? null;

/** A free loopback port for a private adb server, so tests never share the default 5037. */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Stops the private adb server on `port` (the one the test's client started). */
export function killAdbServer(port: number): void {
  if (!ADB_BIN) return;
  try {
    execFileSync(ADB_BIN, ['-P', String(port), 'kill-server'], { stdio: 'ignore', timeout: 10_000 });
  } catch {
    // Already gone.
  }
}
