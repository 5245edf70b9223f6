import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import type { Ctx } from '../context';

/** The Fastify instance every route module receives: zod schemas type the handlers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A feature's routes: registered under /api/v1 with the container's services. */
export type RouteModule = (app: App, container: Container) => Promise<void> | void;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route before its body is parsed; public routes get a context without org. */
    ctx: Ctx;
  }
  interface FastifyContextConfig {
    /** No bearer token needed (register, login, ...). */
    public?: boolean;
    /** Also take the bearer token from `?token=`: for browser beacons, which cannot set headers. */
    tokenInQuery?: boolean;
  }
}
