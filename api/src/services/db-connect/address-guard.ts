import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { splitInstance } from './mssql';
import { DEFAULT_PORTS, type ConnectionDetails, type ConnectTarget } from './types';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [IpAddress, number];

/** The IPv6 global unicast allocation (2000::/3): every other IPv6 block is special-purpose or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Blocks inside 2000::/3 (and IPv4 blocks) that ipaddr.js still calls 'unicast' but that are no public host:
 * documentation 3fff::/20 (RFC 9637), IETF protocol assignments 2001::/23, and IPv4 192.0.0.0/24, 198.18.0.0/15.
 */
const EXTRA_BLOCKED: Range[] = ['3fff::/20', '2001::/23', '192.0.0.0/24', '198.18.0.0/15'].map((c) =>
  ipaddr.parseCIDR(c),
);

/** Parses an IPv4 or IPv6 literal (brackets and an IPv6 zone id allowed); null for anything else. */
export function parseIp(address: string): IpAddress | null {
  const s = address.trim().replace(/^\[(.*)\]$/, '$1');
  const bare = s.replace(/%.*$/, '');
  // net.isIP is strict (no '127.1', no '0x7f.0.0.1'); such shapes go to the resolver, whose answer is checked.
  if (!net.isIP(bare)) return null;
  return ipaddr.parse(bare);
}

/** IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address it carries. */
function unmapped(ip: IpAddress): IpAddress {
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

function inRange(ip: IpAddress, [net, bits]: Range): boolean {
  return ip.kind() === net.kind() && ip.match(net, bits);
}

/**
 * Only global unicast may be reached (SSRF guard). ipaddr.js classifies the address: loopback, private, link-local,
 * carrier-grade NAT, multicast, reserved and documentation ranges, 6to4, Teredo, NAT64 (64:ff9b::/96), IPv4-mapped
 * and -translated forms are not 'unicast'; an IPv6 address must also lie in 2000::/3, which leaves out
 * IPv4-compatible (::a.b.c.d), site-local fec0::/10, discard 100::/64 and unique-local fc00::/7.
 */
export function isBlockedAddress(address: IpAddress): boolean {
  const ip = unmapped(address);
  if (ip.range() !== 'unicast') return true;
  if (ip.kind() === 'ipv6' && !inRange(ip, GLOBAL_UNICAST_V6)) return true;
  return EXTRA_BLOCKED.some((range) => inRange(ip, range));
}

export type AllowEntry =
  { kind: 'host'; host: string } | { kind: 'suffix'; suffix: string } | { kind: 'cidr'; range: Range };

function parseRange(entry: string): Range | null {
  if (entry.includes('/')) {
    try {
      const [ip, bits] = ipaddr.parseCIDR(entry);
      return [unmapped(ip), ip.kind() === 'ipv6' && unmapped(ip) !== ip ? bits - 96 : bits];
    } catch {
      return null;
    }
  }
  const ip = parseIp(entry);
  if (!ip) return null;
  const plain = unmapped(ip);
  return [plain, plain.kind() === 'ipv4' ? 32 : 128];
}

/** DS_ALLOWED_HOSTS entries: hostnames, `.suffix` hostnames, IP addresses or CIDR ranges. */
export function parseAllowList(entries: readonly string[]): AllowEntry[] {
  const out: AllowEntry[] = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase().replace(/\.$/, '');
    if (!entry) continue;
    const range = parseRange(entry);
    if (range) out.push({ kind: 'cidr', range });
    else if (entry.startsWith('.')) out.push({ kind: 'suffix', suffix: entry });
    else out.push({ kind: 'host', host: entry });
  }
  return out;
}

function hostAllowed(host: string, allow: AllowEntry[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return allow.some((e) => (e.kind === 'host' ? e.host === h : e.kind === 'suffix' ? h.endsWith(e.suffix) : false));
}

function addressAllowed(ip: IpAddress, allow: AllowEntry[]): boolean {
  return allow.some((e) => e.kind === 'cidr' && inRange(unmapped(ip), e.range));
}

export class AddressNotAllowedError extends Error {
  constructor() {
    super(
      'The database host points to a private, loopback, link-local or otherwise reserved address, which is not allowed',
    );
    this.name = 'AddressNotAllowedError';
  }
}

export class HostNotResolvedError extends Error {
  constructor(host: string) {
    super(`Host "${host}" could not be resolved`);
    this.name = 'HostNotResolvedError';
  }
}

export type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) => {
  const answers = await dns.lookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
};

export interface ResolvedTarget {
  /** The address to connect to (never the hostname again: no DNS rebinding between check and connect). */
  address: string;
  family: 4 | 6;
  /** The name the user gave (for TLS server names and messages). */
  hostname: string;
}

/**
 * Resolves `host` once and returns the address to connect to. Every resolved address must be public,
 * unless the hostname or the address is on the allow list.
 */
export async function resolveAllowedAddress(
  host: string,
  allowList: readonly string[],
  lookup: Lookup = systemLookup,
): Promise<ResolvedTarget> {
  const hostname = host.trim().replace(/^\[(.*)\]$/, '$1');
  const allow = parseAllowList(allowList);
  const literal = parseIp(hostname);
  let addresses: IpAddress[];
  if (literal) {
    addresses = [literal];
  } else {
    let raw: string[];
    try {
      raw = await lookup(hostname);
    } catch {
      throw new HostNotResolvedError(hostname);
    }
    addresses = raw.map(parseIp).filter((ip): ip is IpAddress => ip !== null);
    if (addresses.length === 0) throw new HostNotResolvedError(hostname);
  }
  const nameAllowed = !literal && hostAllowed(hostname, allow);
  if (!nameAllowed && addresses.some((ip) => isBlockedAddress(ip) && !addressAllowed(ip, allow))) {
    throw new AddressNotAllowedError();
  }
  const first = unmapped(addresses.find((ip) => unmapped(ip).kind() === 'ipv4') ?? addresses[0]);
  return { address: first.toString(), family: first.kind() === 'ipv4' ? 4 : 6, hostname };
}

/** Where a driver connects for `details`: the host resolved and checked once (SQL Server: without `\INSTANCE`). */
export async function resolveTarget(
  details: ConnectionDetails,
  allowList: readonly string[],
  lookup?: Lookup,
): Promise<ConnectTarget> {
  const { host, instanceName } =
    details.engine === 'mssql' ? splitInstance(details.host) : { host: details.host, instanceName: undefined };
  const resolved = await resolveAllowedAddress(host, allowList, lookup);
  return {
    address: resolved.address,
    hostname: resolved.hostname,
    instanceName,
    port: details.port > 0 ? details.port : DEFAULT_PORTS[details.engine],
    database: details.database,
    user: details.user,
    password: details.password,
  };
}
