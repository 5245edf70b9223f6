const CPU: Record<number, string> = {
  7: 'i386',
  0x01000007: 'x86_64',
  12: 'armv7',
  0x0100000c: 'arm64',
  0x0200000c: 'arm64_32',
};
const MACHO_PLATFORM: Record<number, string> = {
  1: 'macos',
  2: 'ios',
  3: 'tvos',
  4: 'watchos',
  6: 'maccatalyst',
  7: 'ios-simulator',
  8: 'tvos-simulator',
  9: 'watchos-simulator',
  11: 'visionos',
  12: 'visionos-simulator',
};
/** Universal binaries with more slices than this are not real executables. */
const MAX_FAT_SLICES = 32;

export interface MachOSlice {
  arch: string;
  platform: string | null;
}

/**
 * Architectures (and platforms, from LC_BUILD_VERSION) of a thin or fat Mach-O; null when it is
 * not Mach-O. `buf` is the head of the file: slices that start past it report no platform.
 */
export function parseMachO(buf: Buffer): MachOSlice[] | null {
  if (buf.length < 8) return null;
  const be = buf.readUInt32BE(0);
  if (be === 0xcafebabe || be === 0xcafebabf) {
    const is64 = be === 0xcafebabf;
    const count = buf.readUInt32BE(4);
    if (count === 0 || count > MAX_FAT_SLICES) return null;
    const slices: MachOSlice[] = [];
    for (let i = 0; i < count; i++) {
      const at = 8 + i * (is64 ? 32 : 20);
      if (at + 20 > buf.length || (is64 && at + 32 > buf.length)) return null;
      const cpu = buf.readUInt32BE(at);
      const offset = is64 ? Number(buf.readBigUInt64BE(at + 8)) : buf.readUInt32BE(at + 8);
      const thin = offset < buf.length ? parseThin(buf.subarray(offset)) : null;
      slices.push({ arch: CPU[cpu] ?? `cpu_${cpu}`, platform: thin?.[0]?.platform ?? null });
    }
    return slices;
  }
  return parseThin(buf);
}

function parseThin(buf: Buffer): MachOSlice[] | null {
  if (buf.length < 28) return null;
  const le = buf.readUInt32LE(0);
  if (le !== 0xfeedfacf && le !== 0xfeedface) return null;
  const headerSize = le === 0xfeedfacf ? 32 : 28;
  const cpu = buf.readUInt32LE(4);
  const ncmds = buf.readUInt32LE(16);
  let platform: string | null = null;
  let at = headerSize;
  // Each command is at least 8 bytes, so the walk ends within the buffer whatever ncmds claims.
  for (let i = 0; i < ncmds && at + 8 <= buf.length; i++) {
    const cmd = buf.readUInt32LE(at);
    const size = buf.readUInt32LE(at + 4);
    if (cmd === 0x32 && at + 12 <= buf.length)
      platform = MACHO_PLATFORM[buf.readUInt32LE(at + 8)] ?? `platform_${buf.readUInt32LE(at + 8)}`;
    else if (cmd === 0x25 && !platform)
      platform = CPU[cpu] === 'x86_64' || CPU[cpu] === 'i386' ? 'ios-simulator' : 'ios';
    if (size < 8) break;
    at += size;
  }
  return [{ arch: CPU[cpu] ?? `cpu_${cpu}`, platform }];
}
