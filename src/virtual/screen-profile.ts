import type { DeviceSpec } from '../worker/driver';

/** A device's screen in points (portrait) and the native pixels per point of the real device. */
export interface ScreenProfile {
  widthPt: number;
  heightPt: number;
  nativeScale: number;
  statusBarPt: number;
  bottomInsetPt: number;
}

/**
 * Native sizes: phone 1179×2556 (393×852 pt @3x), iPad Air 1640×2360 (820×1180 @2x), Pixel
 * Tablet 1600×2560 (800×1280 @2x), TV 1920×1080 (960×540 @2x). The virtual driver renders at
 * its own scale (default 1 px per point) and reports that size in ScreenInfo.
 */
export function screenProfile(spec: Pick<DeviceSpec, 'type' | 'category' | 'model'>): ScreenProfile {
  if (spec.category === 'tv') return { widthPt: 960, heightPt: 540, nativeScale: 2, statusBarPt: 0, bottomInsetPt: 0 };
  if (spec.category === 'tablet') {
    return spec.type === 'ios'
      ? { widthPt: 820, heightPt: 1180, nativeScale: 2, statusBarPt: 24, bottomInsetPt: 20 }
      : { widthPt: 800, heightPt: 1280, nativeScale: 2, statusBarPt: 28, bottomInsetPt: 24 };
  }
  return spec.type === 'ios'
    ? { widthPt: 393, heightPt: 852, nativeScale: 3, statusBarPt: 47, bottomInsetPt: 34 }
    : { widthPt: 393, heightPt: 852, nativeScale: 3, statusBarPt: 32, bottomInsetPt: 24 };
}
