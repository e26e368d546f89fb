/**
 * Whether an IP address is on the public internet, i.e. one the app may connect to on a URL that
 * someone else chose. ipaddr.js classifies an address by the IANA special-purpose registries
 * (`range()`), and only `unicast` passes. That refuses loopback (127/8, ::1), private
 * (10/8, 172.16/12, 192.168/16), carrier-grade NAT (100.64/10, where Alibaba Cloud's metadata
 * 100.100.100.200 sits), link-local (169.254/16 with the cloud metadata address
 * 169.254.169.254, fe80::/10), unique-local (fc00::/7, e.g. AWS's IPv6 metadata fd00:ec2::254),
 * unspecified (0.0.0.0/8, ::), broadcast, multicast, reserved and benchmarking blocks, and the
 * IPv6 forms that carry an IPv4 address into another network (NAT64 64:ff9b::/96, 6to4, Teredo).
 * An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it maps
 * (`ipaddr.process`). Anything that does not parse is not public.
 */
import ipaddr from 'ipaddr.js';

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}
