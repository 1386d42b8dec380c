import { isIPv4, isIPv6 } from 'node:net';

/**
 * Why an address must not be fetched by the server (server-side request forgery), or null for an
 * ordinary public address. Pure: no DNS. Accepts IPv4 dotted quads and IPv6 in any textual form
 * (brackets and a zone are ignored); anything else is refused as 'not an IP address'.
 */
export function blockedAddressReason(input: string): string | null {
  const address = input.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(address)) return ipv4Reason(parseIpv4(address));
  if (isIPv6(address)) return ipv6Reason(parseIpv6(address));
  return 'not an IP address';
}

/** Whether `address` is a loopback address (127/8, ::1, or IPv4-mapped 127/8). */
export function isLoopbackAddress(input: string): boolean {
  const address = input.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(address)) return parseIpv4(address) >>> 24 === 127;
  if (!isIPv6(address)) return false;
  const groups = parseIpv6(address);
  if (groups.every((g, i) => g === (i === 7 ? 1 : 0))) return true;
  const mapped = mappedIpv4(groups);
  return mapped !== null && mapped >>> 24 === 127;
}

/** [first address, prefix length, reason] */
type Ipv4Range = [string, number, string];

const IPV4_BLOCKED: Ipv4Range[] = [
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved or broadcast'],
];

function parseIpv4(address: string): number {
  return address.split('.').reduce((value, part) => ((value << 8) | Number(part)) >>> 0, 0);
}

function inIpv4Range(value: number, [first, bits]: Ipv4Range): boolean {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (value & mask) >>> 0 === (parseIpv4(first) & mask) >>> 0;
}

function ipv4Reason(value: number): string | null {
  return IPV4_BLOCKED.find((range) => inIpv4Range(value, range))?.[2] ?? null;
}

/** Eight 16-bit groups; `address` is valid IPv6 (net.isIPv6). */
function parseIpv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = parseIpv4(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16));
}

function startsWith(groups: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i * 16 < bits; i++) {
    const take = Math.min(16, bits - i * 16);
    const mask = (0xffff << (16 - take)) & 0xffff;
    if ((groups[i]! & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The IPv4 address inside ::ffff:a.b.c.d, else null. */
function mappedIpv4(groups: number[]): number | null {
  if (!startsWith(groups, [0, 0, 0, 0, 0, 0xffff], 96)) return null;
  return ((groups[6]! << 16) | groups[7]!) >>> 0;
}

const IPV6_BLOCKED: Array<[number[], number, string]> = [
  [[], 96, 'IPv4-compatible or unspecified'],
  [[0x64, 0xff9b], 96, 'NAT64 (reaches IPv4 inside)'],
  [[0x64, 0xff9b, 1], 48, 'NAT64 (reaches IPv4 inside)'],
  [[0x100], 64, 'discard'],
  [[0x2001], 32, 'Teredo'],
  [[0x2001, 0x2], 48, 'benchmarking'],
  [[0x2001, 0xdb8], 32, 'documentation'],
  [[0x2002], 16, '6to4 (reaches IPv4 inside)'],
  [[0x3fff], 20, 'documentation'],
  [[0xfc00], 7, 'unique-local'],
  [[0xfe80], 10, 'link-local'],
  [[0xfec0], 10, 'site-local'],
  [[0xff00], 8, 'multicast'],
];

function ipv6Reason(groups: number[]): string | null {
  if (groups.every((g, i) => g === (i === 7 ? 1 : 0))) return 'loopback';
  const mapped = mappedIpv4(groups);
  if (mapped !== null) {
    const reason = ipv4Reason(mapped);
    return reason ? `IPv4-mapped ${reason}` : null;
  }
  const found = IPV6_BLOCKED.find(([prefix, bits]) => startsWith(groups, prefix, bits));
  if (found) return found[2];
  // Only global unicast (2000::/3) is public.
  return startsWith(groups, [0x2000], 3) ? null : 'reserved';
}
