import type { PackageFormat } from './package-facts';

const EXTENSIONS: Array<{ suffix: string; format: PackageFormat }> = [
  { suffix: '.tar.gz', format: 'ios_tar_gz' },
  { suffix: '.tgz', format: 'ios_tar_gz' },
  { suffix: '.apks', format: 'apks' },
  { suffix: '.apk', format: 'apk' },
  { suffix: '.zip', format: 'ios_zip' },
];

export const ACCEPTED_FORMATS = 'an Android .apk or .apks, or an iOS simulator .app packed as .zip, .tar.gz or .tgz';

/** What each format must be, as a refusal names it ("x.apk is not an Android APK (...)"). */
export const EXPECTED: Record<PackageFormat, string> = {
  apk: 'an Android APK (a zip holding AndroidManifest.xml)',
  apks: 'an Android split-APK bundle (a zip holding base.apk or splits/base-master.apk)',
  ios_zip: 'an iOS simulator app packed as .zip (X.app/Info.plist at the root or under Payload/)',
  ios_tar_gz: 'an iOS simulator app packed as .tar.gz (X.app/Info.plist at the root or under Payload/)',
};

/** The format a file name promises, or null when its extension is not one we accept. */
export function formatFromFileName(fileName: string): PackageFormat | null {
  const lower = fileName.toLowerCase();
  return EXTENSIONS.find((e) => lower.endsWith(e.suffix))?.format ?? null;
}

/** The extension a stored package keeps (`tgz` stays `tgz`). */
export function fileExtension(format: PackageFormat, fileName: string): string {
  if (format === 'ios_tar_gz') return fileName.toLowerCase().endsWith('.tgz') ? 'tgz' : 'tar.gz';
  return format === 'ios_zip' ? 'zip' : format;
}
