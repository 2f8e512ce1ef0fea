import { describe, expect, it } from 'vitest';
import { checkEndpointUrl, nonPublicKind, resolveDestination, type LookupAll } from './destination.js';
import { failureClass } from './webhook-request.js';

const lookupTo =
  (...addresses: string[]): LookupAll =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const guarded = (lookup: LookupAll = lookupTo('93.184.215.14')) => ({ allowPrivateNetworks: false, lookup });

describe('which addresses a webhook may reach', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['fc00::1', 'unique-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // IPv4-mapped and IPv4-compatible IPv6: the IPv4 address inside decides.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'reserved'],
    ['::a00:1', 'reserved'],
    // Tunnels and translators that lead to an IPv4 address of their own choosing.
    ['64:ff9b::7f00:1', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['fec0::1', 'reserved'],
    ['not an address', 'reserved'],
    ['127.1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(nonPublicKind(address)).toBe(kind);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4009:81f::200e', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(nonPublicKind(address)).toBeNull();
    },
  );
});

describe('an endpoint URL when it is saved', () => {
  it.each([
    ['http://127.0.0.1/hooks', '127.0.0.1 is a loopback address'],
    ['http://127.1/hooks', '127.0.0.1 is a loopback address'],
    ['http://2130706433/hooks', '127.0.0.1 is a loopback address'],
    ['http://0x7f000001/hooks', '127.0.0.1 is a loopback address'],
    ['http://0177.0.0.1/hooks', '127.0.0.1 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/hooks', '::ffff:7f00:1 is a loopback address'],
    ['http://[::127.0.0.1]/hooks', '::7f00:1 is a reserved address'],
    ['http://localhost:8080/hooks', 'localhost is a local name'],
    ['http://LOCALHOST./hooks', 'localhost is a local name'],
    ['http://api.localhost/hooks', 'api.localhost is a local name'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata.google.internal is a local name'],
    ['http://printer.local/hooks', 'printer.local is a local name'],
  ])('refuses %s', async (url, reason) => {
    expect(await checkEndpointUrl(url, guarded())).toContain(reason);
  });

  it('refuses a name that resolves to a non-public address, even one among public ones', async () => {
    expect(await checkEndpointUrl('https://hooks.example.com/x', guarded(lookupTo('10.1.2.3')))).toContain(
      'hooks.example.com resolves to 10.1.2.3, a private address',
    );
    expect(await checkEndpointUrl('https://hooks.example.com/x', guarded(lookupTo('93.184.215.14', '::1')))).toContain('resolves to ::1, a loopback address');
  });

  it('accepts a public address or name; a name that does not resolve yet is checked again at each attempt', async () => {
    expect(await checkEndpointUrl('https://93.184.215.14/x', guarded())).toBeNull();
    expect(await checkEndpointUrl('https://hooks.example.com/x', guarded())).toBeNull();
    const notFound: LookupAll = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await checkEndpointUrl('https://not-yet.example.com/x', guarded(notFound))).toBeNull();
  });

  it('accepts every network address with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true, never a user name or password', async () => {
    const open = { allowPrivateNetworks: true, lookup: lookupTo('10.1.2.3') };
    for (const url of ['http://127.0.0.1/x', 'http://localhost/x', 'http://[fd00:ec2::254]/x', 'http://hooks.example.com/x']) {
      expect(await checkEndpointUrl(url, open)).toBeNull();
    }
    expect(await checkEndpointUrl('https://user:pass@hooks.example.com/x', open)).toBe('must not contain a user name or password');
  });
});

describe('the address an attempt connects to', () => {
  it('is the one checked, resolved again at each attempt', async () => {
    expect(await resolveDestination(new URL('https://hooks.example.com/x'), guarded())).toEqual([{ address: '93.184.215.14', family: 4 }]);
    expect(await resolveDestination(new URL('https://[2606:4700:4700::1111]/x'), guarded())).toEqual([{ address: '2606:4700:4700::1111', family: 6 }]);
    await expect(resolveDestination(new URL('https://hooks.example.com/x'), guarded(lookupTo('93.184.215.14', '127.0.0.1')))).rejects.toThrow(
      'resolves to 127.0.0.1',
    );
    await expect(resolveDestination(new URL('http://localhost/x'), guarded())).rejects.toThrow('localhost is a local name');
    await expect(resolveDestination(new URL('http://169.254.169.254/x'), guarded())).rejects.toThrow('link-local');
    const open = { allowPrivateNetworks: true, lookup: lookupTo('10.1.2.3') };
    expect(await resolveDestination(new URL('http://hooks.example.com/x'), open)).toEqual([{ address: '10.1.2.3', family: 4 }]);
  });
});

describe('what the delivery log says of a failed attempt', () => {
  const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
  it.each([
    [coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:6379'), 'could not connect'],
    [coded('ECONNRESET', 'socket hang up'), 'could not connect'],
    [coded('EHOSTUNREACH'), 'could not connect'],
    [new Error('other side closed'), 'could not connect'],
    [coded('ETIMEDOUT'), 'timed out'],
    [coded('ENOTFOUND', 'getaddrinfo ENOTFOUND hooks.example.com'), 'could not resolve the host name'],
    [coded('EAI_AGAIN'), 'could not resolve the host name'],
    [coded('DEPTH_ZERO_SELF_SIGNED_CERT'), 'TLS error'],
    [coded('CERT_HAS_EXPIRED'), 'TLS error'],
    [coded('ERR_TLS_CERT_ALTNAME_INVALID'), 'TLS error'],
    [coded('ERR_SSL_WRONG_VERSION_NUMBER'), 'TLS error'],
    [coded('EPROTO'), 'TLS error'],
    ['a string', 'could not connect'],
  ])('%s: %s', (error, label) => {
    expect(failureClass(error)).toBe(label);
  });
});
