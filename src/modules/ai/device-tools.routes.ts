import type { RouteModule } from '../../http/types';
import { SessionIdParams } from '../sessions';
import { AGENT_TOOLS_TAG as tags, AgentToolCallBody, AgentToolList, AgentToolResult } from './device-tools.schemas';

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
};
