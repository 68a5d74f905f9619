import dns from 'node:dns/promises';
import { cidrContains, formatIp, parseCidr, parseIp, type Cidr, type ParsedIp } from './ip';

/** Ranges a data source must not point to unless DS_ALLOWED_HOSTS permits it (SSRF guard). */
const BLOCKED_RANGES: Cidr[] = [
  '0.0.0.0/8', // "this network", incl. 0.0.0.0
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, incl. the cloud metadata address 169.254.169.254
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, incl. 255.255.255.255
  '::/128',
  '::1/128',
  'fc00::/7', // unique local, incl. fd00:ec2::254 (AWS metadata)
  'fe80::/10',
  'ff00::/8',
].map((c) => parseCidr(c) as Cidr);

export type AllowEntry =
  { kind: 'host'; host: string } | { kind: 'suffix'; suffix: string } | { kind: 'cidr'; cidr: Cidr };

/** DS_ALLOWED_HOSTS entries: hostnames, `.suffix` hostnames, IP addresses or CIDR ranges. */
export function parseAllowList(entries: readonly string[]): AllowEntry[] {
  const out: AllowEntry[] = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase().replace(/\.$/, '');
    if (!entry) continue;
    const cidr = parseCidr(entry);
    if (cidr) out.push({ kind: 'cidr', cidr });
    else if (entry.startsWith('.')) out.push({ kind: 'suffix', suffix: entry });
    else out.push({ kind: 'host', host: entry });
  }
  return out;
}

export function isBlockedAddress(ip: ParsedIp): boolean {
  return BLOCKED_RANGES.some((range) => cidrContains(range, ip));
}

function hostAllowed(host: string, allow: AllowEntry[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return allow.some((e) => (e.kind === 'host' ? e.host === h : e.kind === 'suffix' ? h.endsWith(e.suffix) : false));
}

function addressAllowed(ip: ParsedIp, allow: AllowEntry[]): boolean {
  return allow.some((e) => e.kind === 'cidr' && cidrContains(e.cidr, ip));
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
  let addresses: ParsedIp[];
  if (literal) {
    addresses = [literal];
  } else {
    let raw: string[];
    try {
      raw = await lookup(hostname);
    } catch {
      throw new HostNotResolvedError(hostname);
    }
    addresses = raw.map(parseIp).filter((ip): ip is ParsedIp => ip !== null);
    if (addresses.length === 0) throw new HostNotResolvedError(hostname);
  }
  const nameAllowed = !literal && hostAllowed(hostname, allow);
  if (!nameAllowed && addresses.some((ip) => isBlockedAddress(ip) && !addressAllowed(ip, allow))) {
    throw new AddressNotAllowedError();
  }
  const first = addresses.find((ip) => ip.family === 4) ?? addresses[0];
  return { address: formatIp(first), family: first.family, hostname };
}
