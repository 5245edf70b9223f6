import type { Canvas, Image } from '@napi-rs/canvas';
import { loadCanvas } from '../lazy-modules';
import { drawBox } from './draw-box';
import { ensureFonts } from './fonts';
import { Painter } from './painter';
import { paletteFor, type Palette, type Theme } from './palette';
import type { Box } from './scene';

export type { Theme } from './palette';

/**
 * Draws a scene onto a canvas kept per device (so a frame allocates nothing new) and encodes it
 * as JPEG. Everything drawn comes from the scene and the bundled font: one state, one image.
 */
export class SceneRenderer {
  private canvas: Canvas;
  private painter: Painter;
  private readonly images = new Map<Buffer, Image>();

  constructor(
    private width: number,
    private height: number,
    private readonly scale: number,
    private readonly quality = 80,
    private readonly encodeOnPool = true,
  ) {
    ensureFonts();
    this.canvas = loadCanvas().createCanvas(width, height);
    this.painter = new Painter(this.canvas.getContext('2d'), this.images);
  }

  resize(width: number, height: number): void {
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    this.canvas = loadCanvas().createCanvas(width, height);
    this.painter = new Painter(this.canvas.getContext('2d'), this.images);
  }

  render(root: Box, theme: Theme): Buffer {
    this.paint(root, theme);
    return this.canvas.toBuffer('image/jpeg', this.quality);
  }

  /**
   * Draws on the calling thread and JPEG-encodes on the libuv pool, so that a host with several
   * CPUs encodes several devices' frames at once while it keeps handling input. With
   * `encodeOnPool` false (a host with one CPU, where the hop buys no parallelism and costs about
   * 15 % more CPU per frame) it encodes on the calling thread. Callers must not draw again before
   * the promise settles (the device serialises its renders).
   */
  async renderAsync(root: Box, theme: Theme): Promise<Buffer> {
    this.paint(root, theme);
    return this.encodeOnPool
      ? this.canvas.encode('jpeg', this.quality)
      : this.canvas.toBuffer('image/jpeg', this.quality);
  }

  private paint(root: Box, theme: Theme): void {
    const ctx = this.painter.ctx;
    const p = paletteFor(theme);
    ctx.setTransform(this.scale, 0, 0, this.scale, 0, 0);
    ctx.fillStyle = p.bg;
    ctx.fillRect(0, 0, this.width / this.scale, this.height / this.scale);
    this.draw(root, theme, p);
  }

  /** Raw RGBA pixels of the last render (tests compare these). */
  pixels(): Buffer {
    return Buffer.from(this.canvas.data());
  }

  private draw(b: Box, theme: Theme, p: Palette): void {
    const ctx = this.painter.ctx;
    if (b.clip) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(b.x, b.y, b.w, b.h);
      ctx.clip();
    }
    drawBox(this.painter, b, theme, p);
    for (const c of b.children) this.draw(c, theme, p);
    if (b.clip) ctx.restore();
  }
}
