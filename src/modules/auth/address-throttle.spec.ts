import { normalizeIp } from '@nestjs/throttler';
import { clientOf } from './address-throttle.js';

describe('clientOf', () => {
  it("groups addresses as @nestjs/throttler's guard did: IPv4 alone, IPv4-mapped as IPv4, IPv6 by its /64", () => {
    const addresses = [
      '203.0.113.10',
      '::ffff:203.0.113.10',
      '::1',
      '2001:db8:abcd:12:1:2:3:4',
      '2001:db8:abcd:12:ffff::9',
      '2001:DB8:ABCD:13::1',
      'fe80::1%eth0',
      '2001:db8::',
    ];
    for (const address of addresses) expect(clientOf(address), address).toBe(normalizeIp(address));
    expect(clientOf('2001:db8:abcd:12:1:2:3:4')).toBe(clientOf('2001:db8:abcd:12:ffff::9'));
    expect(clientOf('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(clientOf(undefined)).toBe('');
  });
});
