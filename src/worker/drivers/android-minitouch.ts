import type { DeviceClient } from '@devicefarmer/adbkit';
import type { InputEvent, ScreenInfo } from '../driver';
import { type Helper, startHelper } from './android-minicap';

type TouchEvent = Extract<InputEvent, { kind: 'tap' | 'double_tap' | 'long_press' | 'swipe' | 'touch' }>;

/** The minitouch lines for one touch event, in touch-device units (`scale` maps screen pixels). */
export function minitouchLines(
  event: TouchEvent,
  scale: (x: number, y: number) => [number, number],
  pressure: number,
): string[] {
  const at = (x: number, y: number) => scale(x, y).join(' ');
  const tap = (x: number, y: number) => [`d 0 ${at(x, y)} ${pressure}`, 'c', 'u 0', 'c'];
  switch (event.kind) {
    case 'tap':
      return tap(event.x, event.y);
    case 'double_tap':
      return [...tap(event.x, event.y), 'w 80', ...tap(event.x, event.y)];
    case 'long_press':
      return [`d 0 ${at(event.x, event.y)} ${pressure}`, 'c', `w ${Math.round(event.durationMs ?? 800)}`, 'u 0', 'c'];
    case 'swipe': {
      const ms = event.durationMs ?? 300;
      const steps = Math.max(2, Math.min(30, Math.round(ms / 16)));
      const lines = [`d 0 ${at(event.x, event.y)} ${pressure}`, 'c'];
      for (let i = 1; i <= steps; i++) {
        const x = event.x + ((event.x2 - event.x) * i) / steps;
        const y = event.y + ((event.y2 - event.y) * i) / steps;
        lines.push(`w ${Math.round(ms / steps)}`, `m 0 ${at(x, y)} ${pressure}`, 'c');
      }
      lines.push('u 0', 'c');
      return lines;
    }
    case 'touch':
      if (event.phase === 'end') return ['u 0', 'c'];
      return [`${event.phase === 'start' ? 'd' : 'm'} 0 ${at(event.x, event.y)} ${pressure}`, 'c'];
  }
}

/**
 * Touches through minitouch: one socket per device, each event a few text lines, touch phases
 * streamed as they come (start → `d`, move → `m`, end → `u`), no process per event.
 */
export class Minitouch {
  private constructor(
    private readonly helper: Helper,
    private readonly limits: { maxX: number; maxY: number; maxPressure: number },
  ) {}

  static async start(device: DeviceClient): Promise<Minitouch> {
    const helper = await startHelper(device, 'minitouch', []);
    const limits = await new Promise<{ maxX: number; maxY: number; maxPressure: number }>((resolve, reject) => {
      let text = '';
      const onData = (c: Buffer) => {
        text += c.toString('latin1');
        const m = /^\^ (\d+) (\d+) (\d+) (\d+)$/m.exec(text);
        if (m && /^\$ \d+$/m.test(text)) {
          helper.socket.off('data', onData);
          resolve({ maxX: Number(m[2]), maxY: Number(m[3]), maxPressure: Number(m[4]) });
        }
      };
      helper.socket.on('data', onData);
      helper.socket.once('error', reject);
      helper.socket.once('end', () => reject(new Error('minitouch closed its socket')));
      setTimeout(() => reject(new Error('minitouch sent no header')), 5000);
    }).catch((e: unknown) => {
      helper.stop();
      throw e;
    });
    return new Minitouch(helper, limits);
  }

  get closed(): boolean {
    return this.helper.socket.destroyed;
  }

  send(event: TouchEvent, screen: ScreenInfo): Promise<void> {
    const { maxX, maxY, maxPressure } = this.limits;
    const scale = (x: number, y: number): [number, number] => [
      Math.round((x / screen.width) * maxX),
      Math.round((y / screen.height) * maxY),
    ];
    const pressure = Math.max(1, Math.round(maxPressure / 2));
    const text = `${minitouchLines(event, scale, pressure).join('\n')}\n`;
    return new Promise((resolve, reject) => this.helper.socket.write(text, (e) => (e ? reject(e) : resolve())));
  }

  stop(): void {
    this.helper.stop();
  }
}
