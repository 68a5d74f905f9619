import net from 'node:net';

export interface ParsedIp {
  family: 4 | 6;
  bytes: number[];
}

function parseV4(s: string): number[] | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

function parseV6(input: string): number[] | null {
  let s = input.replace(/%.*$/, ''); // zone id (fe80::1%eth0)
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    // Embedded IPv4 tail (::ffff:1.2.3.4) → two hex groups.
    const v4 = parseV4(s.slice(lastColon + 1));
    if (!v4) return null;
    s = `${s.slice(0, lastColon + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    const n = parseInt(g, 16);
    bytes.push(n >> 8, n & 0xff);
  }
  return bytes;
}

/** Parses an IPv4/IPv6 literal; an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is returned as IPv4. */
export function parseIp(address: string): ParsedIp | null {
  const s = address.trim().replace(/^\[(.*)\]$/, '$1');
  const kind = net.isIP(s.replace(/%.*$/, ''));
  if (kind === 4) {
    const bytes = parseV4(s);
    return bytes ? { family: 4, bytes } : null;
  }
  if (kind === 6) {
    const bytes = parseV6(s);
    if (!bytes || bytes.length !== 16) return null;
    const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
    return mapped ? { family: 4, bytes: bytes.slice(12) } : { family: 6, bytes };
  }
  return null;
}

export interface Cidr {
  family: 4 | 6;
  bytes: number[];
  prefix: number;
}

/** '10.0.0.0/8', 'fc00::/7' or a single address (full-length prefix). */
export function parseCidr(value: string): Cidr | null {
  const [addr, bits, extra] = value.trim().split('/');
  if (extra !== undefined) return null;
  const ip = parseIp(addr);
  if (!ip) return null;
  const max = ip.family === 4 ? 32 : 128;
  // A mapped address with a v6 prefix length (::ffff:10.0.0.0/104) is re-based onto the v4 bits.
  const mappedShift = ip.family === 4 && net.isIP(addr.replace(/^\[(.*)\]$/, '$1')) === 6 ? 96 : 0;
  const prefix = bits === undefined ? max : Number(bits) - mappedShift;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (bits !== undefined && !/^\d+$/.test(bits)))
    return null;
  return { family: ip.family, bytes: ip.bytes, prefix };
}

export function cidrContains(cidr: Cidr, ip: ParsedIp): boolean {
  if (cidr.family !== ip.family) return false;
  let bits = cidr.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((cidr.bytes[i] & mask) !== (ip.bytes[i] & mask)) return false;
  }
  return true;
}

export function formatIp(ip: ParsedIp): string {
  if (ip.family === 4) return ip.bytes.join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((ip.bytes[i] << 8) | ip.bytes[i + 1]).toString(16));
  return groups.join(':');
}
