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
type DeviceCall = (tool: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<CallToolResult>;

interface AppDetail {
  public_id: string;
  name: string;
  package_name: string;
  platform: string;
  builds: Array<{ id: number; version: string; build_number: string; uploaded_at: string; note: string | null }>;
}

const appId = z.string().min(1).max(100).describe("an app's public id (from list_apps without a session_id)");

/**
 * `list_builds` and `install_build`, on the ids the other tools return: an app's public id (its
 * newest build) or a build id that `list_builds` lists.
 */
export function registerBuildTools(api: ApiClient, register: Register, device: DeviceCall): void {
  const app = (id: unknown, signal: AbortSignal) =>
    api.get<AppDetail>(`/apps/${encodeURIComponent(String(id))}`, signal);

  register(
    'list_builds',
    "An uploaded app's builds, newest first, with the build ids install_build and start_session take.",
    z.object({ app_id: appId }),
    async (a, r) => {
      const { public_id, name, package_name, platform, builds } = await app(a.app_id, r.signal);
      const sorted = [...builds].sort((x, y) => (x.uploaded_at < y.uploaded_at ? 1 : -1));
      return text({ app_id: public_id, name, package_name, platform, builds: sorted });
    },
  );

  register(
    'install_build',
    "Install one of the organization's apps on the session's device: its newest build (app_id), or a build id from list_builds; then launch it unless launch_after_install is false.",
    z.object({
      session_id: z.string().min(1).max(100).describe('the session to act on (from start_session)'),
      app_id: appId.optional(),
      build_id: z.number().int().positive().optional().describe('a build id from list_builds'),
      launch_after_install: z.boolean().optional(),
    }),
    async (a, r) => {
      let buildId = a.build_id as number | undefined;
      if (buildId === undefined) {
        if (a.app_id === undefined) return { ...text('Give app_id (its newest build) or build_id'), isError: true };
        const detail = await app(a.app_id, r.signal);
        const newest = [...detail.builds].sort((x, y) => (x.uploaded_at < y.uploaded_at ? 1 : -1))[0];
        if (!newest) return { ...text(`${detail.name} has no builds`), isError: true };
        buildId = newest.id;
      }
      return device(
        'install_build',
        { session_id: a.session_id, build_id: buildId, launch_after_install: a.launch_after_install },
        r.signal,
      );
    },
  );
}
