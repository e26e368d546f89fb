import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../src/platform/http/public-address.ts';

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '151.101.1.57',
    '23.227.38.65',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
  ])('lets the public address %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'RFC 1918'],
    ['172.16.5.4', 'RFC 1918'],
    ['192.168.1.1', 'RFC 1918'],
    ['100.64.0.1', 'CGNAT'],
    ['100.100.100.200', 'Alibaba Cloud metadata (CGNAT)'],
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fd00:ec2::254', 'AWS IPv6 metadata (unique-local)'],
    ['fc00::1', 'unique-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of 169.254.169.254'],
    ['2002:a9fe:a9fe::1', '6to4 of 169.254.169.254'],
    ['not-an-address', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
