import { Box, Center, Loader, Text } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { authStore } from '../../auth/auth-store';
import type { ControlAction } from './control-queue';
import { H264Decoder, h264Supported, readStreamPacket } from './h264-stream';

export interface ScreenInfo {
  width: number;
  height: number;
  rotation: number;
}

/** Browser keys the device understands by name (Android keycodes; the virtual devices take them too). */
const NAMED_KEYS: Record<string, string> = {
  Backspace: 'DEL',
  Enter: 'ENTER',
  Escape: 'BACK',
  Tab: 'TAB',
  ArrowUp: 'DPAD_UP',
  ArrowDown: 'DPAD_DOWN',
  ArrowLeft: 'DPAD_LEFT',
  ArrowRight: 'DPAD_RIGHT',
};

/** A drag shorter than this (in device pixels) is a tap. */
const TAP_SLOP = 8;

/**
 * The session's live screen: frames from the stream socket drawn on a canvas, H.264 decoded with
 * WebCodecs when the browser can (h264-stream.ts) and the device streams it, else JPEG. A click is a
 * tap, a drag a swipe, and keys typed while the screen has focus go to the device. Coordinates
 * are the streamed frame's pixels, as the control endpoint takes them.
 */
export function LiveScreen({
  sessionId,
  onInput,
  onScreen,
  canvasRef,
}: {
  sessionId: string;
  /** Where taps, swipes and keys go; without it the screen is only watched. */
  onInput?: (a: ControlAction) => void;
  onScreen?: (s: ScreenInfo) => void;
  canvasRef: React.RefObject<HTMLCanvasElement | null>;
}) {
  const [state, setState] = useState<'connecting' | 'streaming' | 'ended'>('connecting');
  const down = useRef<{ x: number; y: number; t: number } | null>(null);
  const screenHandler = useRef(onScreen);
  screenHandler.current = onScreen;

  useEffect(() => {
    const canvas = canvasRef.current;
    const token = authStore.token();
    if (!canvas || !token) return;
    const g = canvas.getContext('2d');
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let latest: Blob | null = null;
    let drawing = false;
    let frames = 0;

    const shown = () => {
      frames += 1;
      canvas.dataset.frames = String(frames);
      if (frames === 1) {
        // Read by the console's browser test: time from the session turning active to its first frame.
        performance.mark('simdeck:first-frame');
        setState('streaming');
      }
    };
    // Only the newest JPEG is drawn: a slow tab skips frames instead of falling behind.
    const draw = async () => {
      if (drawing || !latest || !g) return;
      drawing = true;
      const blob = latest;
      latest = null;
      try {
        const bitmap = await createImageBitmap(blob);
        g.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        bitmap.close();
        shown();
      } catch {
        // A frame that does not decode is skipped; the next one replaces it.
      }
      drawing = false;
      if (latest) void draw();
    };
    let h264Refused = false;
    let decoder: H264Decoder | null = null;

    const connect = async () => {
      const h264 = !h264Refused && (await h264Supported());
      if (stopped) return;
      canvas.dataset.codec = h264 ? 'h264' : 'jpeg';
      const ws = new WebSocket(
        `${location.origin.replace(/^http/, 'ws')}/api/v1/sessions/${encodeURIComponent(sessionId)}/stream${h264 ? '?codec=h264' : ''}`,
        [`bearer.${token}`],
      );
      socket = ws;
      ws.binaryType = h264 ? 'arraybuffer' : 'blob';
      decoder?.close();
      decoder = h264
        ? new H264Decoder(
            (frame) => {
              g?.drawImage(frame, 0, 0, canvas.width, canvas.height);
              canvas.dataset.videoFrames = String(Number(canvas.dataset.videoFrames ?? 0) + 1);
              shown();
            },
            () => {
              // This browser decodes baseline but not the stream's profile: JPEG instead.
              h264Refused = true;
              ws.close();
            },
          )
        : null;
      ws.onmessage = (ev) => {
        if (typeof ev.data === 'string') {
          const m = JSON.parse(ev.data) as { type: string; codec?: string } & ScreenInfo;
          if (m.type === 'hello') {
            canvas.width = m.width;
            canvas.height = m.height;
            screenHandler.current?.({ width: m.width, height: m.height, rotation: m.rotation });
          } else if (m.type === 'codec' && m.codec) canvas.dataset.codec = m.codec;
          return;
        }
        if (!decoder) {
          latest = ev.data as Blob;
          void draw();
          return;
        }
        const p = readStreamPacket(ev.data as ArrayBuffer);
        if (p.kind === 'h264') decoder.push(p);
        else {
          latest = new Blob([p.body as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
          void draw();
        }
      };
      ws.onclose = (ev) => {
        if (stopped || ws !== socket) return;
        // 4404: no such session; 4409: it is not running; 4410-ish: it ended. Anything else: try again.
        if (ev.code >= 4400 && ev.code < 4500) return setState('ended');
        retry = setTimeout(() => void connect(), h264Refused && h264 ? 0 : 1000);
      };
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
      decoder?.close();
    };
  }, [sessionId, canvasRef]);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const r = c.getBoundingClientRect();
    return {
      x: Math.round(((e.clientX - r.left) * c.width) / r.width),
      y: Math.round(((e.clientY - r.top) * c.height) / r.height),
      t: performance.now(),
    };
  };
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!onInput) return;
    // Focus without scrolling: a page that scrolled between press and release would move the touch.
    e.currentTarget.focus({ preventScroll: true });
    e.currentTarget.setPointerCapture(e.pointerId);
    down.current = point(e);
  };
  const onPointerUp = (e: PointerEvent<HTMLCanvasElement>) => {
    const start = down.current;
    down.current = null;
    if (!start || !onInput) return;
    const end = point(e);
    if (Math.hypot(end.x - start.x, end.y - start.y) < TAP_SLOP) onInput({ action: 'tap', x: start.x, y: start.y });
    else
      onInput({
        action: 'swipe',
        x: start.x,
        y: start.y,
        x2: end.x,
        y2: end.y,
        duration: Math.max(50, Math.round(end.t - start.t)),
      });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    if (!onInput || e.ctrlKey || e.metaKey || e.altKey) return;
    const named = NAMED_KEYS[e.key];
    if (named) {
      e.preventDefault();
      onInput({ action: 'key', keycode: named });
    } else if (e.key.length === 1) {
      e.preventDefault();
      onInput({ action: 'text', text: e.key });
    }
  };

  return (
    <Box pos="relative" style={{ display: 'inline-block', lineHeight: 0 }}>
      {/* biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: the device screen passes pointer and key input straight through, which is what role=application tells assistive technology */}
      <canvas
        ref={canvasRef}
        width={390}
        height={844}
        tabIndex={0}
        role="application"
        aria-label={
          onInput
            ? 'Device screen. Click to tap, drag to swipe; while focused, typed keys go to the device.'
            : 'Device screen (watching)'
        }
        data-testid="live-screen"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
        style={{
          maxHeight: 'calc(100vh - 220px)',
          maxWidth: '100%',
          background: '#000',
          borderRadius: 12,
          touchAction: 'none',
          cursor: onInput ? 'crosshair' : 'default',
        }}
      />
      {state !== 'streaming' ? (
        <Center pos="absolute" inset={0} style={{ lineHeight: 1.4 }}>
          {state === 'connecting' ? (
            <Loader color="gray" role="status" aria-label="Connecting to the device" />
          ) : (
            <Text c="gray.4">The stream ended.</Text>
          )}
        </Center>
      ) : null}
    </Box>
  );
}
