import { isDataSourceConfigured } from './completeness';
import { canTestConnection, dataSourceInputSchema, parsePort } from './data-source';
import { subUserInputSchema } from './sub-user';
import { canAddSubUser } from './sub-user-limit';
import { fieldErrors } from './validate';

const full = { host: 'db.local', port: '5432', database: 'shop', user: 'admin', password: 'pw' };

describe('data source form', () => {
  it('parses the port as an integer', () => {
    expect(dataSourceInputSchema.parse(full).port).toBe(5432);
    expect(dataSourceInputSchema.parse({ ...full, port: 1433 }).port).toBe(1433);
  });
  it('defaults an empty or non-numeric port to 0', () => {
    expect(parsePort('')).toBe(0);
    expect(parsePort(undefined)).toBe(0);
    expect(parsePort('abc')).toBe(0);
    expect(parsePort('3306x')).toBe(3306);
    expect(parsePort(12.7)).toBe(12);
    expect(dataSourceInputSchema.parse({ ...full, port: '' }).port).toBe(0);
  });
  it('rejects ports out of range', () => {
    expect(fieldErrors(dataSourceInputSchema, { ...full, port: 70000 }).port).toBe('validation_port_invalid');
    expect(fieldErrors(dataSourceInputSchema, { ...full, port: -1 }).port).toBe('validation_port_invalid');
  });
  it('requires host, database, user and password', () => {
    expect(fieldErrors(dataSourceInputSchema, { port: 1 })).toEqual({
      host: 'validation_host_required',
      database: 'validation_database_required',
      user: 'validation_user_required',
      password: 'validation_password_required',
    });
  });
  it('accepts a known engine only', () => {
    expect(dataSourceInputSchema.safeParse({ ...full, engine: 'mysql' }).success).toBe(true);
    expect(dataSourceInputSchema.safeParse({ ...full, engine: 'oracle' }).success).toBe(false);
  });
});

describe('canTestConnection', () => {
  it('needs host, database, user and password (not port)', () => {
    expect(canTestConnection({ ...full, port: undefined } as never)).toBe(true);
    for (const field of ['host', 'database', 'user', 'password'] as const) {
      expect(canTestConnection({ ...full, [field]: '' } as never)).toBe(false);
    }
    expect(canTestConnection({ ...full, host: '  ' } as never)).toBe(false);
    expect(canTestConnection(null)).toBe(false);
  });
});

describe('isDataSourceConfigured', () => {
  it('needs host, database, user', () => {
    expect(isDataSourceConfigured({ host: 'h', database: 'd', user: 'u' })).toBe(true);
    expect(isDataSourceConfigured({ host: 'h', database: 'd', user: '' })).toBe(false);
    expect(isDataSourceConfigured({ host: '', database: 'd', user: 'u' })).toBe(false);
    expect(isDataSourceConfigured({ host: 'h', database: ' ', user: 'u' })).toBe(false);
    expect(isDataSourceConfigured(null)).toBe(false);
  });
});

describe('sub-user add', () => {
  it('requires name and email', () => {
    expect(fieldErrors(subUserInputSchema, { name: ' ', email: '' })).toEqual({
      name: 'name_error',
      email: 'email_error',
    });
  });
  it('rejects an invalid email with email_error', () => {
    expect(fieldErrors(subUserInputSchema, { name: 'Max', email: 'max@' }).email).toBe('email_error');
    expect(subUserInputSchema.parse({ name: ' Max ', email: 'max@firm.de' })).toEqual({
      name: 'Max',
      email: 'max@firm.de',
    });
  });
  it('disables adding at or above the maximum', () => {
    expect(canAddSubUser(0, 1)).toBe(true);
    expect(canAddSubUser(1, 1)).toBe(false);
    expect(canAddSubUser(0, 0)).toBe(false);
  });
});
