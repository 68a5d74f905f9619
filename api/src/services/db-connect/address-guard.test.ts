import {
  AddressNotAllowedError,
  HostNotResolvedError,
  isBlockedAddress,
  parseIp,
  resolveAllowedAddress,
} from './address-guard';

const fixed = (answers: Record<string, string[]>) => async (host: string) => {
  if (!answers[host]) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answers[host];
};

describe('parseIp', () => {
  it('parses strict IPv4 and IPv6 literals (brackets, zone ids) and nothing else', () => {
    expect(parseIp('10.1.2.3')?.toString()).toBe('10.1.2.3');
    expect(parseIp('[fe80::1%eth0]')?.kind()).toBe('ipv6');
    expect(parseIp('::ffff:127.0.0.1')?.kind()).toBe('ipv6');
    expect(parseIp('db.example.com')).toBeNull();
    expect(parseIp('999.1.1.1')).toBeNull();
    // Shapes only a resolver understands go to the resolver, whose answer is checked.
    expect(parseIp('127.1')).toBeNull();
    expect(parseIp('0x7f.0.0.1')).toBeNull();
  });
});

describe('isBlockedAddress', () => {
  // Every form an SSRF probe uses to reach an internal address (IPv4-mapped, -compatible and -translated, NAT64,
  // 6to4, Teredo), and the usual private and special-purpose ranges.
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.9.9.9', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'AWS metadata (unique local)'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, hex'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback (RFC 6145)'],
    ['::ffff:0:a00:1', 'IPv4-translated private'],
    ['64:ff9b::a00:1', 'NAT64 to 10.0.0.1'],
    ['64:ff9b::7f00:1', 'NAT64 to 127.0.0.1'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2002:a00:1::1', '6to4 of 10.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['fec0::1', 'site-local (deprecated)'],
    ['100::1', 'discard-only'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['2001:10::1', 'ORCHID'],
    ['2001:20::1', 'ORCHIDv2'],
    ['5f00::1', 'SRv6 SIDs (outside 2000::/3)'],
    ['4000::1', 'unassigned (outside 2000::/3)'],
  ])('blocks %s (%s)', (address) => {
    expect(isBlockedAddress(parseIp(address)!)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '93.184.216.34',
    '2a00:1450:4001::200e',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('lets the global unicast address %s through', (address) => {
    expect(isBlockedAddress(parseIp(address)!)).toBe(false);
  });
});

describe('resolveAllowedAddress', () => {
  it('returns the resolved public address to connect to', async () => {
    const target = await resolveAllowedAddress('db.shop.example', [], fixed({ 'db.shop.example': ['93.184.216.34'] }));
    expect(target).toEqual({ address: '93.184.216.34', family: 4, hostname: 'db.shop.example' });
  });

  it('refuses private, loopback, link-local and metadata addresses, by name or literal', async () => {
    const lookup = fixed({
      'internal.example': ['10.0.0.7'],
      'meta.example': ['169.254.169.254'],
      localhost: ['127.0.0.1', '::1'],
    });
    for (const host of [
      'internal.example',
      'meta.example',
      'localhost',
      '127.0.0.1',
      '[::1]',
      '192.168.0.2',
      '0.0.0.0',
      'fd00:ec2::254',
      '::127.0.0.1',
      '[64:ff9b::a00:1]',
    ]) {
      await expect(resolveAllowedAddress(host, [], lookup)).rejects.toBeInstanceOf(AddressNotAllowedError);
    }
  });

  it('refuses a name when any of its addresses is private (no mixing public and private answers)', async () => {
    const lookup = fixed({ 'mixed.example': ['93.184.216.34', '10.0.0.1'] });
    await expect(resolveAllowedAddress('mixed.example', [], lookup)).rejects.toBeInstanceOf(AddressNotAllowedError);
  });

  it('accepts what DS_ALLOWED_HOSTS permits: host names, .suffixes, addresses and CIDR ranges', async () => {
    const lookup = fixed({ 'db.lan': ['10.0.0.9'], 'wawi.corp.example': ['192.168.5.5'], 'other.lan': ['10.0.0.10'] });
    await expect(resolveAllowedAddress('db.lan', ['db.lan'], lookup)).resolves.toMatchObject({ address: '10.0.0.9' });
    await expect(resolveAllowedAddress('wawi.corp.example', ['.corp.example'], lookup)).resolves.toMatchObject({
      address: '192.168.5.5',
    });
    await expect(resolveAllowedAddress('127.0.0.1', ['127.0.0.1'], lookup)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(resolveAllowedAddress('other.lan', ['10.0.0.0/24'], lookup)).resolves.toMatchObject({
      address: '10.0.0.10',
    });
    await expect(resolveAllowedAddress('other.lan', ['10.0.1.0/24', 'db.lan'], lookup)).rejects.toBeInstanceOf(
      AddressNotAllowedError,
    );
  });

  it('checks what a name resolves to in any IPv6 form, and connects to the IPv4 address a mapped answer carries', async () => {
    const lookup = fixed({ 'v6.example': ['2002:7f00:1::1'], 'mapped.example': ['::ffff:93.184.216.34'] });
    await expect(resolveAllowedAddress('v6.example', [], lookup)).rejects.toBeInstanceOf(AddressNotAllowedError);
    await expect(resolveAllowedAddress('mapped.example', [], lookup)).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
      hostname: 'mapped.example',
    });
  });

  it('reports names that do not resolve', async () => {
    await expect(resolveAllowedAddress('nowhere.invalid', [], fixed({}))).rejects.toBeInstanceOf(HostNotResolvedError);
  });
});
