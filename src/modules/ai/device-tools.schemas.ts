import { z } from 'zod';

export const AGENT_TOOLS_TAG = ['sessions'];

export const AgentToolDefinition = z.object({
  name: z.string(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()).describe('JSON Schema of the arguments'),
});

export const AgentToolList = z.object({ tools: z.array(AgentToolDefinition) });
export type AgentToolList = z.infer<typeof AgentToolList>;

export const AgentToolCallBody = z.object({
  tool: z.string().min(1).max(40),
  arguments: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("the tool's arguments, as its input_schema describes; omit for none"),
});
export type AgentToolCallBody = z.infer<typeof AgentToolCallBody>;

/** The settled screen after the call: its element list with refs, in screenshot pixels. */
export const AgentScreenSummary = z.object({
  width: z.number().int(),
  height: z.number().int(),
  elements: z.array(z.string()).describe('one line per element: ref role "text" #id [x,y wxh] flags'),
});

export const AgentToolResult = z.object({
  tool: z.string(),
  ok: z
    .boolean()
    .describe('false when the device was not asked (a disabled element, nothing focused); detail says why'),
  detail: z.string(),
  screen: AgentScreenSummary.optional(),
  image: z
    .object({
      content_type: z.literal('image/png'),
      data: z.string().describe('base64'),
      width: z.number().int(),
      height: z.number().int(),
    })
    .optional(),
  apps: z.array(z.object({ package_name: z.string(), name: z.string(), version: z.string() })).optional(),
});
export type AgentToolResult = z.infer<typeof AgentToolResult>;
