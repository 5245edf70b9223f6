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

export const ElementAtQuery = z.object({
  x: z.coerce.number().min(0).max(10000).describe('pixels of the device screen, as /control takes them'),
  y: z.coerce.number().min(0).max(10000),
});

/** The element a touch at a point lands on, as a recording stores it. */
export const ElementAtResponse = z.object({
  element: z
    .object({
      selector: z
        .object({
          text: z.string().optional(),
          id: z.string().optional(),
          accessibility_id: z.string().optional(),
          class: z.string().optional(),
          label: z.string().optional(),
          index: z.number().int().optional(),
        })
        .describe("a recorded action's selector: replay finds the element again by it"),
      role: z.string(),
      text: z.string().nullable(),
      id: z.string().nullable(),
      label: z.string().nullable().describe("a field's visible label"),
      enabled: z.boolean(),
    })
    .nullable()
    .describe('null when the point hits no element'),
});
export type ElementAtResponse = z.infer<typeof ElementAtResponse>;
