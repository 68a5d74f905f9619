import { failureKind } from './failure-kind';

const error = (message: string, props: Record<string, unknown> = {}) => Object.assign(new Error(message), props);

describe('failureKind', () => {
  it.each([
    ['DNS', error('getaddrinfo ENOTFOUND shop.invalid', { code: 'ENOTFOUND' }), 'db-host-not-found'],
    ['refused port', error('connect ECONNREFUSED 1.2.3.4:3306', { code: 'ECONNREFUSED' }), 'db-port-closed'],
    [
      'refused port inside an AggregateError (IPv4 + IPv6)',
      new AggregateError([error('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' })], ''),
      'db-port-closed',
    ],
    ['filtered port (socket)', error('connect ETIMEDOUT 203.0.113.1:3306', { code: 'ETIMEDOUT' }), 'db-port-filtered'],
    ['filtered port (our own limit)', error('no answer within 6 seconds'), 'db-port-filtered'],
    [
      'filtered port (tedious)',
      error('Failed to connect to 203.0.113.1:1433 in 5000ms', { code: 'ETIMEOUT' }),
      'db-port-filtered',
    ],
    [
      'pg wrong password',
      error('password authentication failed for user "shop"', { code: '28P01' }),
      'db-login-rejected',
    ],
    [
      'mysql wrong password',
      error("Access denied for user 'shop'@'%'", { code: 'ER_ACCESS_DENIED_ERROR' }),
      'db-login-rejected',
    ],
    ['SQL Server wrong password', error("Login failed for user 'sa'.", { code: 'ELOGIN' }), 'db-login-rejected'],
    ['pg unknown user', error('role "shop" does not exist', { code: '28000' }), 'db-login-rejected'],
    [
      'mysql database the user may not use',
      error("Access denied for user 'shop'@'%' to database 'x'", { code: 'ER_DBACCESS_DENIED_ERROR' }),
      'db-database-missing',
    ],
    ['pg unknown database', error('database "shop" does not exist', { code: '3D000' }), 'db-database-missing'],
    ['mysql unknown database', error("Unknown database 'shop'", { code: 'ER_BAD_DB_ERROR' }), 'db-database-missing'],
    [
      'SQL Server unknown database',
      error('Cannot open database "eazybusiness" requested by the login. The login failed.', { code: 'ELOGIN' }),
      'db-database-missing',
    ],
    ['pg unknown schema', error('schema "shop" does not exist', { code: '3F000' }), 'db-schema-missing'],
    [
      'pg TLS required',
      error('no pg_hba.conf entry for host "1.2.3.4", user "shop", database "shop", no encryption', { code: '28000' }),
      'db-tls-required',
    ],
    [
      'pg address/user not allowed',
      error('no pg_hba.conf entry for host "1.2.3.4", user "shop", database "shop", SSL encryption', { code: '28000' }),
      'db-login-rejected',
    ],
    [
      'mysql TLS required',
      error('Connections using insecure transport are prohibited', { code: 'ER_SECURE_TRANSPORT_REQUIRED' }),
      'db-tls-required',
    ],
    [
      'SQL Server TLS required',
      error('Server requires encryption, set encrypt to true', { code: 'ESOCKET' }),
      'db-tls-required',
    ],
    ['pg TLS refused', error('The server does not support SSL connections'), 'db-tls-refused'],
    [
      'mysql TLS refused',
      error('Server does not support secure connection', { code: 'HANDSHAKE_NO_SSL_SUPPORT' }),
      'db-tls-refused',
    ],
    ['anything else', error('something odd'), 'connection-test-failed'],
    ['not an error', undefined, 'connection-test-failed'],
    // The code is whatever the database server sends: keys every object inherits are no kind.
    ['a code named constructor', error('odd', { code: 'constructor' }), 'connection-test-failed'],
    ['a code named __proto__', error('odd', { code: '__proto__' }), 'connection-test-failed'],
    ['a code named toString', error('odd', { code: 'toString' }), 'connection-test-failed'],
  ])('%s', (_name, err, kind) => {
    expect(failureKind(err)).toBe(kind);
  });
});
