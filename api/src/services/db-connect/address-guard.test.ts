import { AddressNotAllowedError, HostNotResolvedError, isBlockedAddress, resolveAllowedAddress } from './address-guard';
import { parseIp } from './ip';

const fixed = (answers: Record<string, string[]>) => async (host: string) => {
  if (!answers[host]) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answers[host];
};

describe('parseIp', () => {
  it('parses IPv4, IPv6 and folds IPv4-mapped IPv6 into IPv4', () => {
    expect(parseIp('10.1.2.3')).toEqual({ family: 4, bytes: [10, 1, 2, 3] });
    expect(parseIp('::ffff:127.0.0.1')).toEqual({ family: 4, bytes: [127, 0, 0, 1] });
    expect(parseIp('::ffff:7f00:1')).toEqual({ family: 4, bytes: [127, 0, 0, 1] });
    expect(parseIp('[fe80::1]')?.family).toBe(6);
    expect(parseIp('fd00:ec2::254')?.bytes.slice(0, 2)).toEqual([0xfd, 0x00]);
    expect(parseIp('db.example.com')).toBeNull();
    expect(parseIp('999.1.1.1')).toBeNull();
  });
});

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.9.9.9',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '169.254.1.1',
    '0.0.0.0',
    '::1',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(parseIp(address)!)).toBe(true);
  });

  it.each(['8.8.8.8', '172.32.0.1', '192.169.0.1', '2a00:1450:4001::200e', '93.184.216.34'])(
    'lets %s through',
    (address) => {
      expect(isBlockedAddress(parseIp(address)!)).toBe(false);
    },
  );
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

  it('reports names that do not resolve', async () => {
    await expect(resolveAllowedAddress('nowhere.invalid', [], fixed({}))).rejects.toBeInstanceOf(HostNotResolvedError);
  });
});
