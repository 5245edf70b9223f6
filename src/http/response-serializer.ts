import type fastJson from 'fast-json-stringify';
import { loadFastJson } from '../lazy-modules';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * Responses are written by serializers compiled once per route from the route's zod schema
 * (zod → JSON Schema → fast-json-stringify), instead of parsing every response with zod at run
 * time: the services build responses to these schemas, and a compiled writer only emits the
 * declared fields (extra ones are dropped, as zod's strip did).
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  // Compiled when the route first answers, not at start: a server answers few of its ~200 routes
  // soon after starting, and each compiled writer costs time and memory.
  let write: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    write ??= loadFastJson()(
      z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Parameters<
        typeof fastJson
      >[0],
    );
    return write(data);
  };
};
