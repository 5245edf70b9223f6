import { lookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../errors';

/** Delivery agents and creation checks agree on this: only public unicast addresses are reachable. */
function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.parse(address).range() === 'unicast';
  } catch {
    return false;
  }
}

/** The URL of a webhook, checked: http(s), no credentials, at most 2048 characters. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('url: must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('url: must be an http or https URL');
  if (url.username || url.password)
    throw badRequest('url: must not carry a user name or password; put secrets in the path or rely on the signature');
  return url;
}

/**
 * Refuses a target that resolves to a private, loopback, link-local, metadata or otherwise
 * non-public address (any of its addresses), unless private targets are allowed. The same rule is
 * applied again on every delivery, where the connection is made (DNS may answer differently then).
 */
export async function checkWebhookTarget(raw: string, opts: { allowPrivate: boolean }): Promise<URL> {
  const url = parseWebhookUrl(raw);
  if (opts.allowPrivate) return url;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw badRequest('url: the host name does not resolve');
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw badRequest(
      'url: webhook targets must be public addresses; this one is or resolves to a private, loopback, link-local or metadata address',
    );
  }
  return url;
}
