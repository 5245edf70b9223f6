import { loadSharp } from '../../lazy-modules';
import { z } from 'zod';
import { requireRole, type Ctx } from '../../context';
import { AppError, conflict } from '../../errors';
import { recordAudit } from '../audit';
import { agentDevice, elementAtPoint, sleep } from '../engine';
import type { AgentDevice } from '../engine';
import {
  requireSessionControl,
  type DeviceControlService,
  type InstallBuildBody,
  type LaunchAppBody,
  type SessionsService,
} from '../sessions';
import {
  DEVICE_TOOLS,
  ORIENTATION_DEGREES,
  isActingTool,
  isDeviceTool,
  isGestureTool,
  isLookingTool,
  toolAction,
  type DeviceToolName,
} from './device-tools';
import type { AgentToolCallBody, AgentToolList, AgentToolResult, ElementAtResponse } from './device-tools.schemas';
import { viewOf, type ScreenView } from './screen-view';

/** One tool call holds the device at most this long (scroll_until swipes and settles several times). */
const CALL_TIMEOUT_MS = 60_000;

const TOOL_LIST = Object.entries(DEVICE_TOOLS).map(([name, t]) => ({
  name,
  description: t.description,
  input_schema: z.toJSONSchema(t.input, { io: 'input' }) as Record<string, unknown>,
}));

export interface DeviceToolsDeps {
  sessions: SessionsService;
  deviceControl: DeviceControlService;
}

/**
 * The device tools over HTTP (`/sessions/{id}/agent/tools`), for agents outside the engine: the
 * same definitions and the same device actions as the engine's agent. A call counts as use of
 * the session, as /control does, and is audited as `session.agent_tool`.
 */
export class DeviceToolsService {
  constructor(private readonly deps: DeviceToolsDeps) {}

  async listTools({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<AgentToolList> {
    await this.deps.sessions.loadSession({ ctx, input });
    return { tools: TOOL_LIST };
  }

  /**
   * The element under a point of the current screen (the open alert's while one is up), read
   * from the device's UI tree without waiting for it to settle: the console's recorder asks just
   * before it sends a tap, so the recording names the element. Any member who may watch the
   * session may ask; 409 when it is not active.
   */
  async elementAt({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { sessionId: string; x: number; y: number };
  }): Promise<ElementAtResponse> {
    requireRole(ctx, 'viewer');
    const row = await this.deps.sessions.loadSession({ ctx, input });
    if (row.status !== 'active' || !row.deviceId) throw conflict(`Session is not active (status ${row.status})`);
    const device = await this.deps.sessions.attach({ ctx, input: { sessionId: row.sessionId, watch: true } });
    const [tree, screen] = await Promise.all([device.uiTree(), device.screen()]);
    return { element: elementAtPoint({ tree, screen }, { x: input.x, y: input.y }) };
  }

  /**
   * 404 unknown session, 422 unknown tool, 403 a tool that acts for a caller who may only watch the
   * session (the looking tools are anyone's), 409 not active, 422 arguments that do not fit the
   * tool or this screen.
   */
  async callTool({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { sessionId: string } & AgentToolCallBody;
  }): Promise<AgentToolResult> {
    requireRole(ctx, 'viewer');
    const row = await this.deps.sessions.loadSession({ ctx, input });
    const name = input.tool;
    if (!isDeviceTool(name))
      throw new AppError(
        'UNPROCESSABLE',
        `tool: there is no tool ${name}; the tools are ${Object.keys(DEVICE_TOOLS).join(', ')}`,
      );
    if (!isLookingTool(name)) requireSessionControl(ctx, row);
    if (row.status !== 'active' || !row.deviceId) throw conflict(`Session is not active (status ${row.status})`);
    const parsed = DEVICE_TOOLS[name].input.safeParse(input.arguments ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${['arguments', ...i.path].join('.')}: ${i.message}`).join('; ');
      throw new AppError('UNPROCESSABLE', `${name}: ${issues}`);
    }
    const args = parsed.data as Record<string, unknown>;
    const signal = AbortSignal.timeout(CALL_TIMEOUT_MS);
    const result = await this.run(ctx, row.sessionId, name, args, signal);
    await recordAudit(ctx, {
      action: 'session.agent_tool',
      resourceType: 'session',
      resourceId: row.sessionId,
      details: { tool: name, ok: result.ok },
    });
    await this.deps.sessions.heartbeatSession({ ctx, input: { sessionId: row.sessionId } });
    return result;
  }

  private async run(
    ctx: Ctx,
    sessionId: string,
    name: DeviceToolName,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<AgentToolResult> {
    const device = await this.deps.sessions.attach({ ctx, input: { sessionId, signal, watch: isLookingTool(name) } });
    const agent = agentDevice({ device, appPackage: null, signal, wait: sleep });
    const look = async () => {
      const shot = await agent.observe();
      return { shot, view: await viewOf(shot) };
    };
    if (isActingTool(name) || isGestureTool(name)) {
      const { shot, view } = await look();
      const move = toolAction(name, args, view);
      if (move.kind === 'invalid') throw new AppError('UNPROCESSABLE', `${name}: ${move.problem}`);
      const done = await agent.perform(move.action, shot);
      return { tool: name, ok: done.ok, detail: done.detail, screen: await summary(agent) };
    }
    switch (name) {
      case 'screenshot': {
        const { view } = await look();
        const png = await loadSharp()(view.jpeg).png().toBuffer();
        return {
          tool: name,
          ok: true,
          detail: `a ${view.width}x${view.height} screenshot`,
          image: { content_type: 'image/png', data: png.toString('base64'), width: view.width, height: view.height },
        };
      }
      case 'ui_tree': {
        const { view } = await look();
        return { tool: name, ok: true, detail: `${view.refs.size} elements`, screen: screenOf(view) };
      }
      case 'list_apps': {
        const apps = await device.listApps();
        return {
          tool: name,
          ok: true,
          detail: `${apps.length} apps installed`,
          apps: apps.map((a) => ({ package_name: a.packageName, name: a.name, version: a.version })),
        };
      }
      case 'set_orientation': {
        const orientation = args.orientation as keyof typeof ORIENTATION_DEGREES;
        const r = await this.deps.deviceControl.controlSession({
          ctx,
          input: { sessionId, control: { action: 'rotate', rotation: ORIENTATION_DEGREES[orientation] } },
        });
        return { tool: name, ok: r.status === 'ok', detail: `turned to ${orientation}`, screen: await summary(agent) };
      }
      case 'launch_app': {
        const r = await this.deps.deviceControl.launchApp({ ctx, input: { sessionId, ...(args as LaunchAppBody) } });
        return { tool: name, ok: true, detail: r.message, screen: await summary(agent) };
      }
      case 'install_build': {
        const a = args as Pick<InstallBuildBody, 'build_id' | 'launch_after_install'>;
        const r = await this.deps.deviceControl.installBuild({
          ctx,
          input: { sessionId, ...a, grant_permissions: true },
        });
        return {
          tool: name,
          ok: true,
          detail: `installed ${r.package_name} ${r.version}${r.launched ? ' and launched it' : ''}`,
          screen: await summary(agent),
        };
      }
    }
  }
}

function screenOf(view: ScreenView) {
  return { width: view.width, height: view.height, elements: view.elements === '' ? [] : view.elements.split('\n') };
}

async function summary(agent: AgentDevice) {
  return screenOf(await viewOf(await agent.observe()));
}
