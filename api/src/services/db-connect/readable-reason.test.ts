import { readableReason } from './index';

describe('readableReason', () => {
  it('removes the password and keeps one short line', () => {
    const err = new Error("Login failed for user 'sa' with password 'Sup3rSecret'\n  at somewhere");
    const reason = readableReason(err, ['Sup3rSecret']);
    expect(reason).not.toContain('Sup3rSecret');
    expect(reason).toBe("Login failed for user 'sa' with password '***' at somewhere");
    expect(readableReason(new Error('x'.repeat(500)), []).length).toBe(300);
  });

  it('uses the first inner error of an AggregateError, else the code', () => {
    expect(readableReason(new AggregateError([new Error('connect ECONNREFUSED 1.2.3.4:3306')], ''), [])).toBe(
      'connect ECONNREFUSED 1.2.3.4:3306',
    );
    expect(readableReason({ code: 'ETIMEDOUT' }, [])).toBe('ETIMEDOUT');
  });
});
