import WebSocket from 'ws';
import type { Frame, VideoUnit } from '../driver';
import { encodeFrame } from '../protocol';

/** Bytes waiting on the control-plane socket past which frames are skipped. */
const BACKLOG_BYTES = 8 * 1024 * 1024;

/**
 * The live stream's listeners: each JPEG frame and H.264 unit of a device as a binary frame on
 * the worker's socket (`socket()` is the current one, or none while reconnecting). Under
 * backpressure JPEG frames are skipped (a later frame carries the current screen) and H.264
 * units from one on until the next keyframe (a P-frame without the ones before it would not decode).
 */
export function liveFrameSenders(
  deviceId: string,
  socket: () => WebSocket | null | undefined,
): { onFrame: (f: Frame) => void; onVideo: (u: VideoUnit) => void } {
  let videoGap = false;
  return {
    onFrame: (frame) => {
      const s = socket();
      if (!s || s.readyState !== WebSocket.OPEN) return;
      if (s.bufferedAmount > BACKLOG_BYTES && !frame.keyframe) return;
      const meta = { screen: frame.screen, at: frame.at, keyframe: frame.keyframe, video: frame.video };
      s.send(encodeFrame(deviceId, meta, frame.jpeg), { binary: true });
    },
    onVideo: (unit) => {
      const s = socket();
      if (!s || s.readyState !== WebSocket.OPEN) return;
      videoGap = !unit.keyframe && (videoGap || s.bufferedAmount > BACKLOG_BYTES);
      if (videoGap) return;
      const meta = { screen: unit.screen, at: unit.at, keyframe: unit.keyframe, codec: unit.codec };
      s.send(encodeFrame(deviceId, meta, unit.data), { binary: true });
    },
  };
}
