/** Why a database connection failed, in the terms a seller can act on (each is an api error slug). */
export type DbFailureKind =
  | 'db-host-not-found'
  | 'db-port-closed'
  | 'db-port-filtered'
  | 'db-tls-required'
  | 'db-tls-refused'
  | 'db-login-rejected'
  | 'db-database-missing'
  | 'db-schema-missing'
  | 'connection-test-failed';

type DriverError = { code?: unknown; errno?: unknown; number?: unknown; message?: unknown; errors?: unknown[] };

// Error codes of pg (SQLSTATE), mysql2 (ER_*) and Node sockets; tedious reports most failures by message.
const BY_CODE: Record<string, DbFailureKind> = {
  ENOTFOUND: 'db-host-not-found',
  EAI_AGAIN: 'db-host-not-found',
  ECONNREFUSED: 'db-port-closed',
  ETIMEDOUT: 'db-port-filtered',
  ETIMEOUT: 'db-port-filtered',
  EHOSTUNREACH: 'db-port-filtered',
  ENETUNREACH: 'db-port-filtered',
  '28P01': 'db-login-rejected',
  ER_ACCESS_DENIED_ERROR: 'db-login-rejected',
  ER_NOT_SUPPORTED_AUTH_MODE: 'db-login-rejected',
  '3D000': 'db-database-missing',
  ER_BAD_DB_ERROR: 'db-database-missing',
  // MySQL does not tell an unknown database from one the user may not use.
  ER_DBACCESS_DENIED_ERROR: 'db-database-missing',
  '3F000': 'db-schema-missing',
  ER_SECURE_TRANSPORT_REQUIRED: 'db-tls-required',
  HANDSHAKE_NO_SSL_SUPPORT: 'db-tls-refused',
  EPROTO: 'db-tls-refused',
};

// Checked in order: the first match wins (SQL Server's "Cannot open database … login failed" is a missing database).
const BY_MESSAGE: [RegExp, DbFailureKind][] = [
  [/cannot open database|unknown database|database "[^"]*" does not exist/i, 'db-database-missing'],
  [/schema "[^"]*" does not exist|invalid object name|specified schema name/i, 'db-schema-missing'],
  [
    /no encryption|ssl required|requires? (an )?encrypt|insecure transport|ssl connection is required/i,
    'db-tls-required',
  ],
  [
    /login failed|access denied|authentication failed|no pg_hba\.conf entry|role "[^"]*" does not exist/i,
    'db-login-rejected',
  ],
  [/does not support ssl|server does not support encryption|wrong version number|tls|ssl/i, 'db-tls-refused'],
  [/getaddrinfo|enotfound/i, 'db-host-not-found'],
  [/econnrefused|connection refused/i, 'db-port-closed'],
  [/timeout|timed out|no answer within|etimedout|ehostunreach/i, 'db-port-filtered'],
];

function codesOf(err: DriverError): string[] {
  const inner = Array.isArray(err.errors) ? (err.errors as DriverError[]) : [];
  return [err, ...inner].flatMap((e) => [e?.code, e?.errno].filter((c): c is string => typeof c === 'string'));
}

function messagesOf(err: DriverError): string {
  const inner = Array.isArray(err.errors) ? (err.errors as DriverError[]) : [];
  return [err, ...inner].map((e) => (typeof e?.message === 'string' ? e.message : '')).join(' | ');
}

/** The kind of a driver error (pg, mysql2, tedious or a socket error); 'connection-test-failed' when unknown. */
export function failureKind(err: unknown): DbFailureKind {
  const e = (err ?? {}) as DriverError;
  // Own keys only: the code comes from the database server the seller named ('constructor' is no failure kind).
  for (const code of codesOf(e)) if (Object.hasOwn(BY_CODE, code)) return BY_CODE[code];
  const message = messagesOf(e);
  return BY_MESSAGE.find(([pattern]) => pattern.test(message))?.[1] ?? 'connection-test-failed';
}
