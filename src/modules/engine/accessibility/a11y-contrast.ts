import { loadSharp } from '../../../lazy-modules';
import type { UiNode } from '../../../worker/driver';
import { accessibleName, type AccessibilityFinding } from './a11y-rules';

/** WCAG 2 AA: 4.5:1 for text, 3:1 for large text (24 pt, or ~18.7 pt bold). */
export const MIN_CONTRAST = 4.5;
export const MIN_CONTRAST_LARGE = 3;
/** Ink taller than this (in points/dp) is taken as large text; bold is not told from the pixels. */
const LARGE_INK_UNITS = 19;

type Rgb = [number, number, number];

/** WCAG relative luminance of an sRGB colour (0–255 channels). */
export function luminance([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const linear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
/** linear() of each 8-bit channel value, for the per-pixel loops. */
const LINEAR = Float64Array.from({ length: 256 }, (_, c) => linear(c));

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export interface DecodedImage {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/** Decodes a screenshot to raw RGB once (sharp works off the event loop). */
export async function decodeScreenshot(jpeg: Buffer): Promise<DecodedImage> {
  const { data, info } = await loadSharp()(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/**
 * The text's colours as drawn: the dominant colour of its box (binned at 5 bits a channel) is the
 * background; the foreground is the mean of the 5% of pixels that stand out most from it.
 */
export function measureText(
  img: DecodedImage,
  box: { x: number; y: number; width: number; height: number },
): { fg: Rgb; bg: Rgb; ratio: number; inkRows: number } | null {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(img.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(img.height, Math.ceil(box.y + box.height));
  if (x1 - x0 < 4 || y1 - y0 < 4) return null;
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  const { data, channels, width } = img;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * channels;
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
      const bin = bins.get(key);
      if (bin) {
        bin.n++;
        bin.r += r;
        bin.g += g;
        bin.b += b;
      } else bins.set(key, { n: 1, r, g, b });
    }
  }
  let bgBin = { n: 0, r: 0, g: 0, b: 0 };
  for (const b of bins.values()) if (b.n > bgBin.n) bgBin = b;
  const bg: Rgb = [bgBin.r / bgBin.n, bgBin.g / bgBin.n, bgBin.b / bgBin.n];
  const lBg = luminance(bg);
  // Ink: pixels that stand out from the background; the text's colour is that of the most
  // distinct of them (anti-aliased edges and compression blend text into the background).
  const ink: Array<{ d: number; i: number }> = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * channels;
      const l = 0.2126 * LINEAR[data[i]!]! + 0.7152 * LINEAR[data[i + 1]!]! + 0.0722 * LINEAR[data[i + 2]!]!;
      const d = (Math.max(l, lBg) + 0.05) / (Math.min(l, lBg) + 0.05);
      if (d >= 1.1) ink.push({ d, i });
    }
  }
  const total = (x1 - x0) * (y1 - y0);
  // Too little besides the background to be text (an empty or clipped box).
  if (ink.length < Math.max(8, total * 0.005)) return null;
  ink.sort((a, b) => b.d - a.d);
  const top = ink.slice(0, Math.max(3, Math.ceil(ink.length * 0.05)));
  const fg: Rgb = [0, 1, 2].map((c) => top.reduce((sum, p) => sum + data[p.i + c]!, 0) / top.length) as Rgb;
  const best = contrastRatio(fg, bg);
  // Rows with ink: a pixel at least halfway (in luminance) from the background to the text.
  const half = (luminance(fg) + lBg) / 2;
  const darkText = luminance(fg) < lBg;
  let inkRows = 0;
  let run = 0;
  for (let y = y0; y < y1; y++) {
    let ink = false;
    for (let x = x0; x < x1 && !ink; x++) {
      const i = (y * width + x) * channels;
      const l = 0.2126 * LINEAR[data[i]!]! + 0.7152 * LINEAR[data[i + 1]!]! + 0.0722 * LINEAR[data[i + 2]!]!;
      ink = darkText ? l < half : l > half;
    }
    run = ink ? run + 1 : 0;
    inkRows = Math.max(inkRows, run);
  }
  return { fg, bg, ratio: best, inkRows };
}

/** `low_contrast` for every text on the screen, measured on the screenshot under its bounds. */
export function contrastFindings(
  img: DecodedImage,
  texts: UiNode[],
  opts: { pxPerUnit: number; scale: number },
): AccessibilityFinding[] {
  const out: AccessibilityFinding[] = [];
  for (const node of texts) {
    const b = node.bounds;
    const m = measureText(img, {
      x: b.x * opts.scale,
      y: b.y * opts.scale,
      width: b.width * opts.scale,
      height: b.height * opts.scale,
    });
    if (!m) continue;
    const large = m.inkRows / opts.scale / opts.pxPerUnit >= LARGE_INK_UNITS;
    const min = large ? MIN_CONTRAST_LARGE : MIN_CONTRAST;
    if (m.ratio >= min) continue;
    const ratio = Math.floor(m.ratio * 100) / 100;
    out.push({
      rule: 'low_contrast',
      severity: 'error',
      element: { role: node.role, name: accessibleName(node), id: node.id },
      bounds: { ...b },
      message: `Text contrast ${ratio}:1 (${hex(m.fg)} on ${hex(m.bg)}) is under ${min}:1${large ? ' for large text' : ''}`,
    });
  }
  return out;
}
