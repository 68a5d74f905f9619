import type { FastifyRequest } from 'fastify';
import { callerKey, tokenUid } from './caller-key';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: object) => `${part({ alg: 'RS256' })}.${part(claims)}.c2ln`;
const request = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization }, ip: '203.0.113.9' }) as FastifyRequest;

describe('callerKey', () => {
  it("counts a bearer token's uid claim (user_id, else sub), anything else by address", () => {
    expect(callerKey(request(`Bearer ${token({ user_id: 'u-1', sub: 'other' })}`))).toBe('uid:u-1');
    expect(callerKey(request(`bearer  ${token({ sub: 'u_2' })} `))).toBe('uid:u_2');
    for (const header of [
      undefined,
      '',
      'Basic abc',
      `Bearer ${token({ user_id: 'a b' })}`,
      `Bearer ${token({ user_id: 'x'.repeat(129) })}`,
      `Bearer ${token({ user_id: 7 })}`,
      'Bearer a.!!!.c',
      `Bearer ${part({ alg: 'x' })}.bm90IGpzb24.c2ln`,
    ]) {
      expect(callerKey(request(header))).toBe('ip:203.0.113.9');
    }
  });

  it('gives the same answer for a header seen before, and for headers too long to remember', () => {
    const header = `Bearer ${token({ user_id: 'again' })}`;
    for (let i = 0; i < 3; i++) expect(tokenUid(header)).toBe('again');
    // More headers than it remembers: the first is parsed again, with the same answer.
    for (let i = 0; i < 1100; i++) tokenUid(`Bearer ${token({ user_id: `u${i}` })}`);
    expect(tokenUid(header)).toBe('again');
    const long = `Bearer ${token({ user_id: 'long', pad: 'p'.repeat(5000) })}`;
    expect(tokenUid(long)).toBe('long');
    expect(tokenUid(long)).toBe('long');
  });
});
