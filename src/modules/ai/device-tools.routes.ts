import type { RouteModule } from '../../http/types';
import { SessionIdParams } from '../sessions';
import {
  AGENT_TOOLS_TAG as tags,
  AgentToolCallBody,
  AgentToolList,
  AgentToolResult,
  ElementAtQuery,
  ElementAtResponse,
} from './device-tools.schemas';

/** The device tools of the engine's agent, for agents outside it (the `simdeck mcp` server, your own). */
export const deviceToolsRoutes: RouteModule = (app, { services }) => {
  const tools = services.deviceTools;
  app.get('/sessions/:session_id/agent/tools', {
    schema: {
      tags,
      summary: 'The device tools an agent can call on this session, with their JSON schemas',
      params: SessionIdParams,
      response: { 200: AgentToolList },
    },
    handler: (req) => tools.listTools({ ctx: req.ctx, input: { sessionId: req.params.session_id } }),
  });
  app.post('/sessions/:session_id/agent/tools', {
    schema: {
      tags,
      summary:
        'Call one device tool; acting tools answer with the settled screen that follows (counts as use of the session)',
      params: SessionIdParams,
      body: AgentToolCallBody,
      response: { 200: AgentToolResult },
    },
    handler: (req) => tools.callTool({ ctx: req.ctx, input: { sessionId: req.params.session_id, ...req.body } }),
  });
  app.get('/sessions/:session_id/element-at', {
    schema: {
      tags,
      summary:
        'The element a touch at (x, y) lands on now: its selector, role, text, id and label (the console recorder reads it before each tap)',
      params: SessionIdParams,
      querystring: ElementAtQuery,
      response: { 200: ElementAtResponse },
    },
    handler: (req) =>
      tools.elementAt({ ctx: req.ctx, input: { sessionId: req.params.session_id, x: req.query.x, y: req.query.y } }),
  });
};
