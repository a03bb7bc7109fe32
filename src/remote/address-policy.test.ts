import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { addressRestriction, hostRestriction, ipv4Restriction, parseIpv4, parseIpv6 } from './address-policy.js';

const REFUSED_V4: readonly [string, RegExp][] = [
  ['127.0.0.1', /loopback/], ['127.255.255.254', /loopback/], ['10.1.2.3', /private/], ['172.16.0.1', /private/],
  ['172.31.255.255', /private/], ['192.168.1.1', /private/], ['169.254.169.254', /link-local/], ['0.0.0.0', /unspecified/],
  ['100.64.0.1', /carrier-grade/], ['224.0.0.1', /multicast/], ['255.255.255.255', /reserved/],
];

const PUBLIC_V4 = ['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.0', '192.167.255.255', '169.253.0.1', '100.128.0.0', '11.0.0.1'];

describe('address policy', () => {
  it('refuses loopback, private, link-local and other non-public IPv4 ranges, naming the range', () => {
    for (const [ip, why] of REFUSED_V4) assert.match(addressRestriction(ip) ?? '', why, ip);
    for (const ip of PUBLIC_V4) assert.equal(addressRestriction(ip), null, ip);
  });

  it('refuses ::1, fc00::/7, fe80::/10 and IPv4 addresses carried inside IPv6', () => {
    const refused: [string, RegExp][] = [
      ['::1', /loopback/], ['::', /unspecified/], ['fc00::1', /unique-local/], ['fdff:ffff::1', /unique-local/], ['fe80::1', /link-local/],
      ['febf::1', /link-local/], ['::ffff:127.0.0.1', /loopback address \(IPv4 inside IPv6\)/], ['::ffff:7f00:1', /loopback/],
      ['::ffff:169.254.169.254', /link-local/], ['::ffff:10.0.0.1', /private/], ['64:ff9b::a00:1', /private/],
      ['2002:c0a8:0101::1', /private/], ['::127.0.0.1', /loopback/], ['[::1]', /loopback/], ['fe80::1%eth0', /link-local/],
      ['fd00:ec2::254', /unique-local/], ['ff02::1', /multicast/],
    ];
    for (const [ip, why] of refused) assert.match(addressRestriction(ip) ?? '', why, ip);
    for (const ip of ['2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '2002:0808:0808::1']) assert.equal(addressRestriction(ip), null, ip);
  });

  it('refuses what is not an address at all', () => {
    assert.equal(addressRestriction('example.com'), 'not an IP address');
    assert.equal(addressRestriction('1.2.3'), 'not an IP address');
  });

  it('parses IPv6 with :: and a dotted tail into eight groups', () => {
    assert.deepEqual(parseIpv6('::ffff:1.2.3.4'), [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    assert.deepEqual(parseIpv6('1:2:3:4:5:6:7:8'), [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.deepEqual(parseIpv6('fe80::'), [0xfe80, 0, 0, 0, 0, 0, 0, 0]);
    assert.equal(parseIpv6('1.2.3.4'), null);
  });

  it('refuses loopback and metadata host names before any lookup', () => {
    for (const h of ['localhost', 'LOCALHOST.', 'api.localhost', 'metadata.google.internal', 'instance-data', 'printer.local']) {
      assert.notEqual(hostRestriction(h), null, h);
    }
    assert.equal(hostRestriction('github.com'), null);
  });

  it('property: every IPv4 address inside a refused range is refused, in IPv4 and IPv4-mapped IPv6 form', () => {
    const ranges: [number, number, number][] = [[127, 0, 8], [10, 0, 8], [172, 16, 12], [192, 168, 16], [169, 254, 16], [0, 0, 8]];
    fc.assert(fc.property(fc.constantFrom(...ranges), fc.integer({ min: 0, max: 0xffffffff }), ([a, b, bits], noise) => {
      const base = ((a << 24) | (b << 16)) >>> 0;
      const hostMask = (2 ** (32 - bits)) - 1;
      const value = (base + (noise % (hostMask + 1))) >>> 0;
      const dotted = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
      assert.notEqual(addressRestriction(dotted), null, dotted);
      assert.notEqual(addressRestriction(`::ffff:${dotted}`), null, `::ffff:${dotted}`);
      assert.equal(parseIpv4(dotted), value);
    }));
  });

  it('property: an address outside every refused range is allowed', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 0xffffffff }), (value) => {
      const [a, b] = [value >>> 24, (value >>> 16) & 255];
      const special = a === 0 || a === 10 || a === 127 || a >= 224 || (a === 100 && b >= 64 && b < 128) || (a === 169 && b === 254)
        || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168) || (a === 192 && b === 0 && ((value >>> 8) & 255) === 0)
        || (a === 198 && (b === 18 || b === 19));
      assert.equal(ipv4Restriction(value) !== null, special, String(value));
    }));
  });
});
