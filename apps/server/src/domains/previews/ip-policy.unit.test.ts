import { describe, expect, it } from 'vitest';
import { blockedAddressReason, isLoopbackAddress } from './ip-policy.ts';

describe('blockedAddressReason', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.192', 'IETF'],
    ['192.0.2.10', 'documentation'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
  ])('refuses IPv4 %s (%s)', (address, reason) => {
    expect(blockedAddressReason(address)).toContain(reason);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '192.167.1.1',
    '198.20.0.0',
    '223.255.255.255',
  ])('allows public IPv4 %s', (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['[::ffff:169.254.169.254]', 'IPv4-mapped link-local'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:192.168.0.1', 'IPv4-mapped private'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::a00:1', 'NAT64'],
    ['64:ff9b:1::1', 'NAT64'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'Teredo'],
    ['2002:7f00:1::1', '6to4'],
    ['100::1', 'discard'],
    ['4000::1', 'reserved'],
    ['::2', 'IPv4-compatible'],
  ])('refuses IPv6 %s (%s)', (address, reason) => {
    expect(blockedAddressReason(address)).toContain(reason);
  });

  it.each(['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '[2001:4860:4860::8888]', '::ffff:8.8.8.8'])(
    'allows public IPv6 %s',
    (address) => {
      expect(blockedAddressReason(address)).toBeNull();
    },
  );

  it.each(['localhost', 'example.org', '', '127.1', '0x7f.0.0.1', '2130706433', '1.2.3.4.5', ':::1'])(
    'refuses %j, which is not an IP address',
    (address) => {
      expect(blockedAddressReason(address)).toBe('not an IP address');
    },
  );
});

describe('isLoopbackAddress', () => {
  it('knows loopback in every form and nothing else', () => {
    for (const address of ['127.0.0.1', '127.8.8.8', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address)).toBe(true);
    }
    for (const address of ['10.0.0.1', '169.254.169.254', '::', 'fe80::1', '8.8.8.8', 'localhost']) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });
});
