/**
 * Every cap the package reader applies, in one place (documented in docs/apps.md). Packages are
 * untrusted input: each number bounds memory, CPU time or output size of one read.
 */
export interface PackageLimits {
  /** Entries in a zip (from its central directory, before any is read) or a tar. */
  maxEntries: number;
  /** Bytes of one entry name (UTF-8). */
  maxNameBytes: number;
  /** Bytes of all entry headers together: names, zip extra fields and comments, tar PAX records. */
  maxHeaderBytes: number;
  /** Bytes an archive may unpack to (a tar.gz as it streams; a zip by its declared sizes and while extracting). */
  maxUnpackedBytes: number;
  /** Uncompressed bytes of the entries that are read into memory, by kind. */
  maxManifestBytes: number;
  maxResourceTableBytes: number;
  maxPlistBytes: number;
  maxAppModelBytes: number;
  maxIconBytes: number;
  /** How much of an iOS executable is read to find its Mach-O slices. */
  machOHeadBytes: number;
  /** An .apks's base APK, unpacked to a temporary file to be read as a zip. */
  maxNestedApkBytes: number;
  /** Width × height an icon's header may claim; checked before any pixel is decoded. */
  maxIconPixels: number;
  /** Objects and references in one plist, elements and attributes in one binary XML document. */
  maxDocumentNodes: number;
  /** Nesting of plist containers and binary XML elements. */
  maxDocumentDepth: number;
  /** Wall-clock time of one read; a pool task past it is aborted and its thread replaced. */
  timeMs: number;
}

const KB = 1024;
const MB = 1024 * KB;

export const DEFAULT_PACKAGE_LIMITS: PackageLimits = {
  maxEntries: 50_000,
  maxNameBytes: 1024,
  maxHeaderBytes: 8 * MB,
  maxUnpackedBytes: 4 * 1024 * MB,
  maxManifestBytes: 4 * MB,
  maxResourceTableBytes: 64 * MB,
  maxPlistBytes: 2 * MB,
  maxAppModelBytes: 2 * MB,
  maxIconBytes: 4 * MB,
  machOHeadBytes: 16 * MB,
  maxNestedApkBytes: 512 * MB,
  maxIconPixels: 4096 * 4096,
  maxDocumentNodes: 100_000,
  maxDocumentDepth: 16,
  timeMs: 60_000,
};

/** The worker-thread pool that runs reads off the event loop. */
export interface PackagePoolSettings {
  /** Reads in parallel (one thread each). */
  threads: number;
  /** Reads waiting for a thread; one more is refused with 503. */
  maxQueue: number;
  /** V8 old-generation heap of each thread (buffers read from the archive are counted by the byte caps). */
  heapMb: number;
  /** An idle thread exits after this long. */
  idleMs: number;
}

export const DEFAULT_POOL_SETTINGS: PackagePoolSettings = {
  threads: 2,
  maxQueue: 16,
  heapMb: 160,
  idleMs: 60_000,
};

export const formatBytes = (n: number): string =>
  n >= MB ? `${+(n / MB).toFixed(1)} MB` : n >= KB ? `${+(n / KB).toFixed(1)} KB` : `${n} bytes`;

/**
 * Why a package was refused. `malformed`: it is not what it claims to be (400); `unsafe`: it
 * breaks a rule that keeps reading it safe, such as a count, depth, pixel or time cap or an entry
 * name that leaves the archive (400); `too_large`: it unpacks to more bytes than allowed (413).
 */
export type RejectionKind = 'malformed' | 'unsafe' | 'too_large';

export class PackageRejection extends Error {
  constructor(
    readonly kind: RejectionKind,
    message: string,
  ) {
    super(message);
    this.name = 'PackageRejection';
  }
}

export const malformed = (message: string) => new PackageRejection('malformed', message);
export const unsafe = (message: string) => new PackageRejection('unsafe', message);
export const tooLarge = (message: string) => new PackageRejection('too_large', message);

/** A cooperative time limit for reads that run in-process (the pool also aborts from outside). */
export class Deadline {
  private readonly end: number;
  constructor(private readonly ms: number) {
    this.end = Date.now() + ms;
  }

  check(): void {
    if (Date.now() > this.end) throw unsafe(`reading the package took longer than ${this.ms / 1000} s`);
  }
}

/**
 * Runs a decoder over one file of the package ("Info.plist"): what it finds malformed, and reads
 * past the end of its buffer, become "<file> cannot be parsed: ..."; cap rejections pass as they are.
 */
export function decoding<T>(what: string, decode: () => T): T {
  try {
    return decode();
  } catch (err) {
    if (err instanceof PackageRejection && err.kind === 'malformed')
      throw malformed(`${what} cannot be parsed: ${err.message}`);
    if (err instanceof RangeError) throw malformed(`${what} cannot be parsed: it is truncated or malformed`);
    throw err;
  }
}
