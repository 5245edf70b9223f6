import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiClient } from '../api-client';
import type { Reporter } from './run-test';
import { text } from './run-test';

type Register = (
  name: string,
  description: string,
  input: z.ZodObject,
  handler: (args: Record<string, unknown>, report: Reporter) => Promise<CallToolResult>,
) => void;

const session_id = z.string().min(1).max(100).describe('the session to act on (from start_session)');

/**
 * The device capabilities as MCP tools: open_url, set_location, set_permission, set_clipboard,
 * get_clipboard, add_media, set_appearance, send_push and set_network, each one call of the
 * session's endpoints (`/sessions/{id}/open-url`, …).
 */
export function registerCapabilityTools(api: ApiClient, register: Register): void {
  const at = (a: Record<string, unknown>, route: string) =>
    `/sessions/${encodeURIComponent(String(a.session_id))}/${route}`;
  const post =
    (
      route: string,
      pick: (a: Record<string, unknown>) => Record<string, unknown>,
      said: (a: Record<string, unknown>) => string,
    ) =>
    async (a: Record<string, unknown>, r: Reporter) => {
      await api.post(at(a, route), pick(a), r.signal);
      return text(said(a));
    };

  register(
    'open_url',
    'Open a link on the device: an app link (myapp://items/3) opens the app on that screen, http(s) opens the browser.',
    z.object({ session_id, url: z.string().min(1).max(2048) }),
    post(
      'open-url',
      (a) => ({ url: a.url }),
      (a) => `Opened ${a.url}`,
    ),
  );
  register(
    'set_location',
    "Set the device's location (what the app reads as the GPS position).",
    z.object({ session_id, latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
    post(
      'location',
      (a) => ({ latitude: a.latitude, longitude: a.longitude }),
      (a) => `Location set to ${a.latitude}, ${a.longitude}`,
    ),
  );
  register(
    'set_permission',
    'Grant, deny or reset (ask again) a permission of an app on the device.',
    z.object({
      session_id,
      permission: z.enum(['camera', 'microphone', 'location', 'photos', 'contacts', 'notifications']),
      state: z.enum(['granted', 'denied', 'reset']),
      package_name: z
        .string()
        .min(1)
        .max(255)
        .optional()
        .describe('the app; required on Android and iOS to grant or deny'),
    }),
    post(
      'permissions',
      (a) => ({ permission: a.permission, state: a.state, package_name: a.package_name }),
      (a) => `${a.permission}: ${a.state}`,
    ),
  );
  register(
    'set_clipboard',
    "Put text on the device's clipboard (then paste it into a focused field with press_key PASTE).",
    z.object({ session_id, text: z.string().max(64 * 1024) }),
    post(
      'clipboard',
      (a) => ({ text: a.text }),
      () => 'Clipboard set',
    ),
  );
  register('get_clipboard', "Read the device's clipboard.", z.object({ session_id }), async (a, r) => {
    const got = await api.get<{ text: string }>(at(a, 'clipboard'), r.signal);
    return text(got.text);
  });
  register(
    'add_media',
    "Add a photo or video from this machine (JPEG, PNG, HEIC or MP4, at most 100 MB) to the device's library.",
    z.object({ session_id, file_path: z.string().min(1).describe('a file on the machine running simdeck mcp') }),
    async (a) => {
      const r = await api.upload<{ name: string }>(
        at(a, 'media'),
        { field: 'file', filePath: String(a.file_path) },
        5 * 60_000,
      );
      return text(`Added ${r.name}`);
    },
  );
  register(
    'set_appearance',
    'Switch the device to light or dark appearance.',
    z.object({ session_id, mode: z.enum(['light', 'dark']) }),
    post(
      'appearance',
      (a) => ({ mode: a.mode }),
      (a) => `Appearance: ${a.mode}`,
    ),
  );
  register(
    'send_push',
    'Send the device a notification; tapping its banner opens the app on its notification screen.',
    z.object({
      session_id,
      title: z.string().min(1),
      body: z.string().default(''),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
      package_name: z
        .string()
        .min(1)
        .max(255)
        .optional()
        .describe('the app that receives it (required on iOS simulators)'),
    }),
    post(
      'push',
      (a) => ({ title: a.title, body: a.body ?? '', data: a.data, package_name: a.package_name }),
      (a) => `Sent "${a.title}"`,
    ),
  );
  register(
    'set_network',
    'Take the device offline or back online.',
    z.object({ session_id, mode: z.enum(['online', 'offline']) }),
    post(
      'network',
      (a) => ({ mode: a.mode }),
      (a) => `Network: ${a.mode}`,
    ),
  );
}
