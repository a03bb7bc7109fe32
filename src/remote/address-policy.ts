// Which network addresses a remote fetch may reach (CONTRACT §10, SSRF). Pure: an address in, a refusal
// reason or null out. Every address a host resolves to is checked at connect time (./guarded-get.ts), so
// a DNS name that points inside the network is refused just like the literal address.
import { isIP } from 'node:net';

/** Why an address is refused, phrased to follow "resolves to 10.0.0.1, …"; null when it is public. */
export type AddressRestriction = string | null;

interface V4Range {
  base: number;
  bits: number;
  what: string;
}

const V4_RANGES: readonly V4Range[] = [
  { base: ip4(0, 0, 0, 0), bits: 8, what: 'an unspecified ("this network") address' },
  { base: ip4(10, 0, 0, 0), bits: 8, what: 'a private address' },
  { base: ip4(100, 64, 0, 0), bits: 10, what: 'a carrier-grade NAT (shared) address' },
  { base: ip4(127, 0, 0, 0), bits: 8, what: 'a loopback address' },
  { base: ip4(169, 254, 0, 0), bits: 16, what: 'a link-local (cloud metadata) address' },
  { base: ip4(172, 16, 0, 0), bits: 12, what: 'a private address' },
  { base: ip4(192, 0, 0, 0), bits: 24, what: 'an IETF protocol address' },
  { base: ip4(192, 168, 0, 0), bits: 16, what: 'a private address' },
  { base: ip4(198, 18, 0, 0), bits: 15, what: 'a benchmarking address' },
  { base: ip4(224, 0, 0, 0), bits: 4, what: 'a multicast address' },
  { base: ip4(240, 0, 0, 0), bits: 4, what: 'a reserved address' },
];

function ip4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

function inRange(value: number, range: V4Range): boolean {
  const mask = range.bits === 0 ? 0 : (0xffffffff << (32 - range.bits)) >>> 0;
  return ((value & mask) >>> 0) === range.base;
}

export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  const [a, b, c, d] = parts.map(Number) as [number, number, number, number];
  return ip4(a, b, c, d);
}

export function ipv4Restriction(value: number): AddressRestriction {
  return V4_RANGES.find((r) => inRange(value, r))?.what ?? null;
}

/** Eight 16-bit groups; accepts `::` and a trailing dotted quad; null when not IPv6. */
export function parseIpv6(text: string): number[] | null {
  let body = text.replace(/^\[|\]$/g, '');
  const zone = body.indexOf('%');
  if (zone !== -1) body = body.slice(0, zone);
  if (isIP(body) !== 6) return null;
  let tail: number[] = [];
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(body);
  if (dotted?.[1]) {
    const v4 = parseIpv4(dotted[1]);
    if (v4 === null) return null;
    tail = [v4 >>> 16, v4 & 0xffff];
    body = body.slice(0, -dotted[1].length);
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
  }
  const [head = '', rest] = body.split('::');
  const groups = (s: string | undefined): number[] => (s === undefined || s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const left = groups(head);
  const right = [...groups(rest), ...tail];
  if (rest === undefined) return [...left, ...tail].length === 8 ? [...left, ...tail] : null;
  const fill = 8 - left.length - right.length;
  if (fill < 0) return null;
  return [...left, ...new Array<number>(fill).fill(0), ...right];
}

function embeddedV4(g: readonly number[], hi: number, lo: number): number {
  return (((g[hi] ?? 0) << 16) | (g[lo] ?? 0)) >>> 0;
}

export function ipv6Restriction(g: readonly number[]): AddressRestriction {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, , g7 = 0] = g;
  const zeroTo = (n: number): boolean => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(7) && g7 === 0) return 'an unspecified address';
  if (zeroTo(7) && g7 === 1) return 'a loopback address';
  // IPv4-mapped (::ffff:a.b.c.d) and the old IPv4-compatible form (::a.b.c.d) reach the IPv4 address.
  if (zeroTo(5) && (g5 === 0xffff || g5 === 0)) return mapped(embeddedV4(g, 6, 7));
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) reach the IPv4 address they carry.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return mapped(embeddedV4(g, 6, 7));
  if (g0 === 0x2002) return mapped(embeddedV4(g, 1, 2));
  if ((g0 & 0xfe00) === 0xfc00) return 'a unique-local (private) address';
  if ((g0 & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((g0 & 0xffc0) === 0xfec0) return 'a site-local (private) address';
  if ((g0 & 0xff00) === 0xff00) return 'a multicast address';
  return null;
}

function mapped(v4: number): AddressRestriction {
  const why = ipv4Restriction(v4);
  return why === null ? null : `${why} (IPv4 inside IPv6)`;
}

/** Why connecting to this literal address is refused; null for a public one. Unparsable input is refused. */
export function addressRestriction(address: string): AddressRestriction {
  const v4 = parseIpv4(address);
  if (v4 !== null) return ipv4Restriction(v4);
  const v6 = parseIpv6(address);
  if (v6 !== null) return ipv6Restriction(v6);
  return 'not an IP address';
}

/** Names that reach the machine itself or a cloud metadata service whatever DNS says. */
const METADATA_HOSTS: ReadonlySet<string> = new Set([
  'localhost', 'metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal',
  'metadata.azure.internal', 'metadata.platformequinix.com',
]);

/** A hostname refused by name (before any lookup); null when only its addresses decide. */
export function hostRestriction(hostname: string): AddressRestriction {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'a loopback name';
  if (METADATA_HOSTS.has(host)) return 'a cloud metadata service name';
  if (host.endsWith('.internal') || host.endsWith('.local')) return 'an internal-only name';
  return null;
}

export const ALLOW_HINT = '(use --allow-private-network to allow)';
