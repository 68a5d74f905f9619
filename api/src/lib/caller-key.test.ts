import type { FastifyRequest } from 'fastify';
import { addressKey, verifiedCallerKey } from './caller-key';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: object) => `${part({ alg: 'RS256' })}.${part(claims)}.c2ln`;
const request = (fields: { ip?: string; authorization?: string; uid?: string }) =>
  ({
    headers: fields.authorization === undefined ? {} : { authorization: fields.authorization },
    ip: fields.ip ?? '203.0.113.9',
    identity: fields.uid ? { uid: fields.uid } : null,
  }) as unknown as FastifyRequest;

describe('addressKey', () => {
  it('is the client address; IPv6 by its /64 network, IPv4-mapped IPv6 as IPv4', () => {
    expect(addressKey(request({}))).toBe('ip:203.0.113.9');
    expect(addressKey(request({ ip: '2001:db8:1:2:aaaa::1' }))).toBe(addressKey(request({ ip: '2001:db8:1:2::ffff' })));
    expect(addressKey(request({ ip: '2001:db8:1:2::1' }))).not.toBe(addressKey(request({ ip: '2001:db8:1:3::1' })));
    expect(addressKey(request({ ip: '::ffff:198.51.100.7' }))).toBe('ip:198.51.100.7');
    expect(addressKey(request({ ip: '' }))).toBe('ip:unknown');
  });
});

describe('verifiedCallerKey', () => {
  it('is the verified user, never the uid claim of a token that authentication did not accept', () => {
    expect(verifiedCallerKey(request({ uid: 'u-1' }))).toBe('uid:u-1');
    // A token naming a user, not verified (no identity): the sender's address.
    expect(verifiedCallerKey(request({ authorization: `Bearer ${token({ user_id: 'victim' })}` }))).toBe(
      'ip:203.0.113.9',
    );
  });
});
