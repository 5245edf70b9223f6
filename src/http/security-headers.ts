import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Content-Security-Policy directives, as helmet takes them: name → sources. */
export type CspDirectives = Record<string, string[]>;

/** Never framed, no plugins, no <base>, and no inline event handlers: the floor of every policy. */
const FLOOR: CspDirectives = {
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'script-src-attr': ["'none'"],
};

/** JSON, CSV and images are never documents: opened in a tab, they may load and run nothing. */
const API_POLICY: CspDirectives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  ...FLOOR,
};

/** Swagger UI at /docs: its scripts, styles and the OpenAPI document from this origin, no inline script. */
export const DOCS_POLICY: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Swagger UI sets style attributes from its scripts and ships SVG icons as data: URLs.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  ...FLOOR,
};

/** A page of our own: scripts from this origin only (never inline), plus what the page names. */
export function pagePolicy(directives: CspDirectives): CspDirectives {
  return {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    ...directives,
    ...FLOOR,
  };
}

/** The route option that gives one route its own policy instead of the API one. */
export function routePolicy(directives: CspDirectives) {
  return { contentSecurityPolicy: { useDefaults: false, directives } };
}

/**
 * Security headers on every response, errors and 404s included: nosniff, no framing
 * (X-Frame-Options DENY and frame-ancestors 'none'), no referrer, a CSP that runs nothing unless
 * a route sets its own, and HSTS when the public URL is https (on plain http it would pin nothing).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

/**
 * The web console: scripts from this origin only, never inline; style elements only with the
 * page's nonce (Mantine writes its CSS variables into one), style sheets from this origin;
 * images also from data: and blob: URLs (screenshots and icons fetched with the bearer token),
 * video from blob: URLs (run videos, fetched the same way); fetch and WebSocket to this origin only.
 */
export function consolePolicy(styleNonce: string): CspDirectives {
  return pagePolicy({
    'style-src': ["'self'", `'nonce-${styleNonce}'`],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
  });
}

/** A policy as the Content-Security-Policy header value. */
export function serializePolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
