import type { AppModel } from '../virtual/app-model';
import type { Deadline, PackageLimits, RejectionKind } from './package-limits';

export type PackageFormat = 'apk' | 'apks' | 'ios_zip' | 'ios_tar_gz';

/**
 * `upload`: an app or build upload, whose format the file name promised; an iOS executable must
 * be Mach-O. `install`: a package about to go onto a device, its format sniffed from the content;
 * the simdeck app model is read and validated.
 */
export type ReadPurpose = 'upload' | 'install';

/** What one read of a package is asked to do. Plain data: it crosses to a pool thread. */
export interface ReadRequest {
  filePath: string;
  /** What the file must be, or null to tell from its content. */
  format: PackageFormat | null;
  purpose: ReadPurpose;
  /**
   * A path the read may write a nested package to (an .apks's base APK). The caller removes it
   * afterwards, so that nothing is left behind when a pool thread is terminated mid-read.
   */
  scratchFile: string;
}

/** What a package says about itself, before anything is converted for storage or display. */
export interface PackageFacts {
  platform: 'android' | 'ios';
  format: PackageFormat;
  packageName: string;
  /** The display name it declares, '' when none. */
  label: string;
  version: string;
  buildNumber: string;
  minSdkVersion: string;
  targetSdkVersion: string;
  permissions: string[];
  /** The icon file's bytes as stored in the package (PNG, WebP or JPEG); its pixels are not checked yet. */
  icon: { name: string; bytes: Uint8Array } | null;
  metadata: Record<string, unknown>;
  warnings: string[];
  /** The simdeck app model (installs only; null when the package has none). */
  model: AppModel | null;
}

/** A read's result as it crosses back from a pool thread (errors lose their class on the way). */
export type ReadOutcome =
  | { ok: true; facts: PackageFacts }
  | { ok: false; kind: RejectionKind; message: string; format: PackageFormat | null };

export interface ReadContext {
  limits: PackageLimits;
  deadline: Deadline;
  purpose: ReadPurpose;
  scratchFile: string;
}

export function stringOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return stringOf(v[0]);
  if (typeof v === 'object') return '';
  return String(v);
}

export function firstString(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.find((x): x is string => typeof x === 'string') ?? '';
  return '';
}

export function arrayOfStrings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
