import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Container } from './container';
import type { Ctx } from './context';
import { badRequest } from './errors';
import { bearerFromRequest } from './http/bearer';
import { jsonTextOverLimits, MAX_JSON_DEPTH, MAX_JSON_VALUES } from './json-depth';
import { consolePages } from './http/console';
import { loadIoredis } from './lazy-modules';
import { registerErrorHandler } from './http/error-handler';
import { compiledSerializerCompiler } from './http/response-serializer';
import { redisCounterStore } from './http/rate-limit-store';
import { RATE_LIMITS } from './http/rate-limits';
import { DOCS_POLICY, registerSecurityHeaders } from './http/security-headers';
import type { App } from './http/types';
import { routeModules } from './modules';
import { sessionViewPage } from './modules/sessions';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Every route under /api/ needs a bearer token unless it is marked `public`. Decided on the route
 * that matched, never on the raw URL: the router decodes escapes, so `/%61pi/v1/…` reaches /api/v1.
 */
function requiresBearer(req: FastifyRequest): boolean {
  if (req.is404 || req.routeOptions.config?.public) return false;
  return req.routeOptions.url?.startsWith('/api/') ?? false;
}

/** Builds the HTTP application around a container. It never listens: main.ts and tests do. */
export async function buildApp(container: Container): Promise<App> {
  const { config } = container;
  await container.ready();
  const app = Fastify({
    loggerInstance: container.log,
    trustProxy: config.server.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // An empty body sent as application/json (DELETEs and optional-body POSTs from clients that always
  // set the header) is no body, not a parse error; a body nested deeper than MAX_JSON_DEPTH or holding
  // more than MAX_JSON_VALUES values is a 400 before it is parsed (nothing that walks it later can run
  // out of stack or hold the event loop for seconds); anything else goes to Fastify's own parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    const over = jsonTextOverLimits(body as string, { maxDepth: MAX_JSON_DEPTH, maxValues: MAX_JSON_VALUES });
    if (over === 'depth')
      return done(badRequest(`The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    if (over === 'values')
      return done(badRequest(`The JSON body holds more than ${MAX_JSON_VALUES} values`), undefined);
    return parseJson(req, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, { https: config.server.https });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'simdeck API',
        version: '1.0.0',
        description: 'Remote iOS and Android device sessions and mobile test automation.',
      },
      servers: [{ url: config.server.appUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Login JWT or a tok_ API token' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: DOCS_POLICY });

  if (config.rateLimit.enabled) {
    // A bounded command time: a Redis that is down or silent must fail a request's count, never hold the request.
    const redis = config.redis.url
      ? new (loadIoredis().Redis)(config.redis.url, {
          maxRetriesPerRequest: 2,
          connectTimeout: 2000,
          commandTimeout: 1000,
        })
      : undefined;
    if (redis) {
      redis.on('error', (err) => container.log.warn({ err }, 'rate-limit redis connection error'));
      app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    }
    await app.register(rateLimit, {
      global: true,
      ...RATE_LIMITS.default,
      keyGenerator: (req) => req.ip,
      ...(redis ? { store: redisCounterStore(redis, `${config.redis.prefix}rl:`) } : {}),
      // Fail open by default; RATE_LIMITS.auth overrides this to fail closed.
      skipOnError: true,
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        detail: `Rate limit exceeded: ${ctx.max} requests per minute. Retry in ${Math.ceil(ctx.ttl / 1000)} s.`,
      }),
      allowList: (req) => req.routeOptions.url?.startsWith('/docs') ?? false,
    });
  }

  await app.register(websocket, { options: { maxPayload: 16 * 1024 * 1024 } });

  // Authentication runs after the rate limiter (onRequest), so rejected tokens are limited too, and
  // before the body is parsed, so a request without a valid token is a 401 whatever its body.
  app.addHook('preParsing', async (req) => {
    const base: Ctx = {
      actor: { kind: 'system' },
      org: null,
      requestId: req.id,
      db: container.db,
      clock: container.clock,
      log: req.log,
      inTransaction: false,
      afterCommit: (fn) =>
        void Promise.resolve()
          .then(fn)
          .catch((err) => req.log.error({ err }, 'after-commit callback failed')),
    };
    if (!requiresBearer(req)) {
      req.ctx = base;
      return;
    }
    const principal = await container.services.auth.authenticateBearer(
      container.db,
      bearerFromRequest(req),
      container.clock.now(),
    );
    req.ctx = { ...base, actor: principal.actor, org: principal.org };
  });

  await app.register(
    async (api) => {
      for (const mod of routeModules) await mod(api.withTypeProvider<ZodTypeProvider>(), container);
    },
    { prefix: '/api/v1' },
  );

  await app.register(sessionViewPage);
  await app.register(consolePages());

  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => {
    await container.database.pool.query('SELECT 1');
    return { status: 'ok' };
  });

  return app.withTypeProvider<ZodTypeProvider>();
}
