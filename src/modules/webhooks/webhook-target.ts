import { lookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../errors';

/** What the operator decides about webhook targets (`WEBHOOK_ALLOW_PRIVATE`, `WEBHOOK_ALLOWED_PORTS`). */
export interface WebhookTargetRules {
  allowPrivate: boolean;
  /** The only ports allowed, when the operator set them; otherwise the default rule (below). */
  allowedPorts: ReadonlySet<number> | null;
}

/**
 * Ports from 1024 up refused by default: well-known services that listen there (databases,
 * caches, queues, container and cluster APIs, remote desktops) and the "bad ports" browsers
 * refuse (the WHATWG Fetch standard), all below 32768 so that no ephemeral port is among them.
 */
export const BLOCKED_SERVICE_PORTS: ReadonlySet<number> = new Set([
  1080, // SOCKS proxy
  1433, // Microsoft SQL Server
  1434, // its browser service
  1521, // Oracle
  1719, // H.323 (Fetch bad port)
  1720, // H.323 (Fetch bad port)
  1723, // PPTP (Fetch bad port)
  2049, // NFS (Fetch bad port)
  2181, // ZooKeeper
  2375, // Docker API
  2376, // Docker API over TLS
  2379, // etcd
  2380, // etcd peers
  3306, // MySQL, MariaDB
  3389, // Remote Desktop
  3659, // Apple SASL (Fetch bad port)
  4045, // NFS lock daemon (Fetch bad port)
  4190, // ManageSieve (Fetch bad port)
  4369, // Erlang port mapper
  5060, // SIP (Fetch bad port)
  5061, // SIP over TLS (Fetch bad port)
  5432, // PostgreSQL
  5672, // AMQP
  5900, // VNC
  5984, // CouchDB
  6000, // X11 (Fetch bad port)
  6379, // Redis
  6443, // Kubernetes API
  6566, // SANE (Fetch bad port)
  6665, // IRC (Fetch bad ports 6665–6669, 6679, 6697)
  6666,
  6667,
  6668,
  6669,
  6679,
  6697,
  8500, // Consul
  9042, // Cassandra
  9092, // Kafka
  9200, // Elasticsearch
  9300, // Elasticsearch nodes
  10080, // Amanda (Fetch bad port)
  10250, // Kubernetes kubelet
  11211, // memcached
  15672, // RabbitMQ management
  27017, // MongoDB
  27018,
  27019,
  28017,
]);

/**
 * IPv6 ranges whose addresses carry an IPv4 address: IPv4-mapped, IPv4-translated, IPv4-compatible
 * (deprecated; `::` and `::1` are not), NAT64 (well-known and local prefixes), 6to4 and Teredo. No
 * real receiver is addressed this way, and each is a way around a filter of IPv4 addresses.
 */
const EMBEDDED_IPV4_RANGES = [
  '::ffff:0:0/96',
  '::ffff:0:0:0/96',
  '::/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '2002::/16',
  '2001::/32',
].map((cidr) => ipaddr.parseCIDR(cidr));

/** Whether an address is an IPv6 address that embeds an IPv4 one, in whatever spelling it is written. */
export function embedsIPv4(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() !== 'ipv6') return false;
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'unspecified' || range === 'loopback') return false;
  return EMBEDDED_IPV4_RANGES.some((cidr) => v6.match(cidr));
}

/** Delivery agents and creation checks agree on this: only public unicast addresses are reachable. */
function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.parse(address).range() === 'unicast';
  } catch {
    return false;
  }
}

export const EMBEDDED_IPV4_REFUSAL =
  'IPv6 addresses that embed an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64, 6to4, Teredo) are not accepted; use the IPv4 address or a host name';

export const EMBEDDED_IPV4_RESOLVED =
  'the host name resolves to an IPv6 address that embeds an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64, 6to4 or Teredo); such targets are not accepted';

export const PRIVATE_TARGET_REFUSAL =
  'webhook targets must be public addresses; this one is or resolves to a private, loopback, link-local or metadata address (the server allows those only with WEBHOOK_ALLOW_PRIVATE=true)';

/** The URL's port (its scheme's default when it has none). */
function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/**
 * Why the URL's own host and port may not be targeted, or null: a port outside the rule, or a
 * host that is an IPv6 literal embedding an IPv4 address (whatever WEBHOOK_ALLOW_PRIVATE says).
 * The same check runs at creation and before every delivery.
 */
export function targetProblem(url: URL, rules: WebhookTargetRules): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIPv6(host) && embedsIPv4(host)) return EMBEDDED_IPV4_REFUSAL;
  const port = portOf(url);
  if (rules.allowedPorts) {
    if (!rules.allowedPorts.has(port))
      return `port ${port} is not allowed for webhooks; this server allows ${[...rules.allowedPorts].sort((a, b) => a - b).join(', ')} (WEBHOOK_ALLOWED_PORTS)`;
  } else if (!(port === 80 || port === 443 || (port >= 1024 && !BLOCKED_SERVICE_PORTS.has(port)))) {
    return `port ${port} is not allowed for webhooks; use 80, 443, or a port from 1024 to 65535 that is not a well-known service's (such as 3306, 5432, 6379, 9200 or 27017), or list the ports to allow in WEBHOOK_ALLOWED_PORTS`;
  }
  return null;
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
 * Refuses a target whose port is not allowed, an IPv6 literal (or a name resolving to an IPv6
 * address) that embeds an IPv4 address, and, unless private targets are allowed, one that
 * resolves to a private, loopback, link-local, metadata or otherwise non-public address (any of
 * its addresses). The same rules are applied again on every delivery, where the connection is
 * made (DNS may answer differently then).
 */
export async function checkWebhookTarget(raw: string, rules: WebhookTargetRules): Promise<URL> {
  const url = parseWebhookUrl(raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIPv6(host) && embedsIPv4(host)) throw badRequest(`url: ${EMBEDDED_IPV4_REFUSAL}`);
  const portProblem = () => {
    const problem = targetProblem(url, rules);
    if (problem) throw badRequest(`url: ${problem}`);
  };
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      if (!rules.allowPrivate) throw badRequest('url: the host name does not resolve');
      portProblem();
      return url;
    }
  }
  if (addresses.some(embedsIPv4)) throw badRequest(`url: ${EMBEDDED_IPV4_RESOLVED}`);
  // A loopback or private target is named as such before its port is judged: the port rule is
  // not what stands between a developer's local receiver and its events.
  if (!rules.allowPrivate && (addresses.length === 0 || !addresses.every(isPublicAddress)))
    throw badRequest(`url: ${PRIVATE_TARGET_REFUSAL}`);
  portProblem();
  return url;
}
