import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is one a webhook may reach: a public unicast address. Private, loopback, link-local (cloud
 * metadata at 169.254.169.254), unique-local, carrier-grade NAT, multicast, reserved and documentation ranges are not;
 * an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries, and the IPv6 ranges that
 * embed an IPv4 address (6to4, Teredo, NAT64) are refused since the address they lead to is not checked.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}
