import { sharp } from '../lazy-modules';
import type { Platform } from '../db/schema';
import { printable } from './entry-names';
import { unsafe, type PackageLimits } from './package-limits';
import type { PackageFacts } from './package-facts';

/** Stored and displayed icons are at most this many pixels on a side. */
const ICON_SIZE = 512;

/**
 * The package's icon as a PNG of at most 512 px. The size its header claims is checked before a
 * pixel is decoded (past `maxIconPixels` the package is refused); an icon sharp cannot decode at
 * all (such as Apple's CgBI-crushed PNGs of device builds) is null. sharp works on libuv's
 * threads, not on the event loop.
 */
export async function iconToPng(icon: PackageFacts['icon'], limits: PackageLimits): Promise<Buffer | null> {
  if (!icon || icon.bytes.length === 0) return null;
  const bytes = Buffer.from(icon.bytes.buffer, icon.bytes.byteOffset, icon.bytes.byteLength);
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reading the header only: the pixel cap is applied below, with the numbers in the message.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    return null;
  }
  if (width && height && width * height > limits.maxIconPixels) {
    throw unsafe(
      `the icon ${printable(icon.name)} claims ${width} × ${height} pixels, more than the ${limits.maxIconPixels} allowed`,
    );
  }
  try {
    return await sharp(bytes, { limitInputPixels: limits.maxIconPixels })
      .resize(ICON_SIZE, ICON_SIZE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** A plain PNG standing in for packages without a readable icon, so icon_url always resolves. */
export async function placeholderIcon(platform: Platform): Promise<Buffer> {
  const color = platform === 'ios' ? { r: 0x4f, g: 0x6b, b: 0xed, alpha: 1 } : { r: 0x3d, g: 0xdc, b: 0x84, alpha: 1 };
  return sharp({ create: { width: 192, height: 192, channels: 4, background: color } })
    .png()
    .toBuffer();
}
