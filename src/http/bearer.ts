import type { FastifyRequest } from 'fastify';

/**
 * The bearer value of a request: the Authorization header, or where browsers cannot set headers
 * (WebSocket upgrades, routes marked `tokenInQuery` for beacons) the `bearer.<token>` subprotocol
 * or the `token` query parameter.
 */
export function bearerFromRequest(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1] ?? '';
  }
  const websocket = req.headers.upgrade?.toLowerCase() === 'websocket';
  if (websocket) {
    const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim());
    const fromProtocol = protocols.find((p) => p.startsWith('bearer.'));
    if (fromProtocol) return fromProtocol.slice('bearer.'.length);
  }
  if (websocket || req.routeOptions.config?.tokenInQuery) {
    const token = (req.query as Record<string, unknown> | undefined)?.token;
    if (typeof token === 'string' && token) return token;
  }
  return undefined;
}
