import net from 'node:net';
import path from 'node:path';
import { companyProblems, portalMode, readOperatingCompany, type SellerConfig } from '@portal/shared/operating-company';
import { z } from 'zod';
import { API_ROOT } from './lib/api-root';

/** Repository root (or the root of a production install): the folder that holds the api package. */
export const REPO_ROOT = path.dirname(API_ROOT);

/** The Commission's VIES REST base (VIES_URL overrides it). */
export const VIES_PRODUCTION_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

export type { PortalMode } from '@portal/shared/operating-company';

/** The typed config as loadConfig builds it (the doc comments of its fields are in loadConfig). */
export type AppConfig = ReturnType<typeof loadConfig>;
export type PaymentConfig = AppConfig['payment'];

/** The seller printed on every invoice (§14(4) Nr. 1 and 2 UStG) and the AVV's processor: the operating company. */
export type { SellerConfig, OperatingCompany } from '@portal/shared/operating-company';

/**
 * The invoices' seller from the SELLER_* variables (shared/config/operating-company.js): demo defaults outside
 * production, never in production (an unset optional field stays empty; a required one stops the start).
 */
export function loadSellerConfig(env: NodeJS.ProcessEnv = process.env): SellerConfig {
  return readOperatingCompany(env).seller;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const bool = (name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return false;
      const s = v.toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(s)) return true;
      if (['0', 'false', 'no', 'off'].includes(s)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false (got "${v}")` });
      return z.NEVER;
    });

const hostPort = /^[A-Za-z0-9.-]+:\d{1,5}$/;

/** An optional variable that, when set, must pass `ok`; else `message`. */
const checked = (ok: (value: string) => boolean, message: string) =>
  z
    .string()
    .optional()
    .refine((v) => !v || ok(v), { message });
const matching = (pattern: RegExp, message: string) => checked((v) => pattern.test(v), message);

/** An optional variable with a fixed set of values: "NAME must be a, b or c (got "x")" otherwise. */
const choice = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z
    .enum(values, {
      error: (i) => `${name} must be ${values.slice(0, -1).join(', ')} or ${values.at(-1)} (got "${String(i.input)}")`,
    })
    .optional();

/** 'https://portal.example.com' or 'http://127.0.0.1:8080': scheme, host and port, nothing else. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

const count = (name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      if (!/^\d{1,7}$/.test(v) || Number(v) < 1) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number of 1 or more (got "${v}")` });
        return z.NEVER;
      }
      return Number(v);
    });

/** An address or range X-Forwarded-For is trusted from: an IP, an IP/prefix, or a range name proxy-addr knows. */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [ip, prefix, ...rest] = value.split('/');
  const kind = net.isIP(ip);
  if (!kind || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (kind === 4 ? 32 : 128));
}

/** The portal server's own origins outside production: `npm start` (8080), the dev server (3000), e2e (8190). */
const LOCAL_PORTAL_ORIGINS = [8080, 3000, 8190].flatMap((port) => [
  `http://127.0.0.1:${port}`,
  `http://localhost:${port}`,
]);

function parseKey(raw: string): Buffer | null {
  const s = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(s)) return Buffer.from(s, 'hex');
  const b = Buffer.from(s, 'base64');
  return b.length === 32 ? b : null;
}

/** Whether `host` can only be reached from this machine (127.0.0.0/8, ::1, localhost). */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || (net.isIPv4(bare) && bare.startsWith('127.'));
}

const httpUrl = (name: string) => matching(/^https?:\/\//, `${name} must be an http(s) URL`);

const envSchema = z.object({
  PORT: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return 3001;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 65535) {
        ctx.addIssue({ code: 'custom', message: `PORT must be a whole number between 1 and 65535 (got "${v}")` });
        return z.NEVER;
      }
      return n;
    }),
  HOST: z.string().optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: (i) =>
        `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${String(i.input)}")`,
    })
    .optional(),
  PORTAL_MODE: choice('PORTAL_MODE', ['production', 'development', 'test']),
  NODE_ENV: z.string().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: matching(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'),
  FIREBASE_PROJECT_ID: matching(
    /^[a-z0-9-]{4,40}$/,
    'FIREBASE_PROJECT_ID must be a Firebase project id (lower-case letters, digits and hyphens)',
  ),
  FIREBASE_AUTH_EMULATOR_HOST: matching(
    hostPort,
    'FIREBASE_AUTH_EMULATOR_HOST must look like host:port, e.g. 127.0.0.1:9099',
  ),
  INTERNAL_EMAILS: z.string().optional(),
  REMOTES_BASE_URL: z.string().optional(),
  REMOTE_MANIFEST_HOSTS: z
    .string()
    .optional()
    .refine((v) => list(v).every((h) => /^\.?[A-Za-z0-9.-]+$/.test(h) || /^\[[0-9a-fA-F:]+\]$/.test(h)), {
      message: 'REMOTE_MANIFEST_HOSTS must be a comma list of host names (a leading dot allows every subdomain)',
    }),
  SMTP_URL: matching(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://'),
  DS_ENCRYPTION_KEY: checked(
    (v) => parseKey(v) !== null,
    'DS_ENCRYPTION_KEY must be 32 bytes written as 64 hex characters or base64',
  ),
  DS_ALLOWED_HOSTS: z.string().optional(),
  SEED_DEMO: bool('SEED_DEMO'),
  MIGRATE_ON_START: bool('MIGRATE_ON_START'),
  CORS_ORIGINS: checked(
    (v) => list(v).every(isOrigin),
    'CORS_ORIGINS must be a comma list of origins like https://portal.example.com (no paths, no "null")',
  ),
  PORTAL_ORIGIN: checked(
    (v) => list(v).every(isOrigin),
    'PORTAL_ORIGIN must be origins like https://portal.example.com (comma list; no paths)',
  ),
  REDIS_URL: matching(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://'),
  TRUSTED_PROXIES: checked(
    (v) => list(v).every(isProxyAddress),
    'TRUSTED_PROXIES must be a comma list of IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal)',
  ),
  RATE_LIMIT_MAX: count('RATE_LIMIT_MAX'),
  RATE_LIMIT_STRICT_MAX: count('RATE_LIMIT_STRICT_MAX'),
  INVITES_PER_ACCOUNT_PER_DAY: count('INVITES_PER_ACCOUNT_PER_DAY'),
  INVITES_PER_ADDRESS_PER_DAY: count('INVITES_PER_ADDRESS_PER_DAY'),
  LICENSE_CHECK_PER_KEY_MAX: count('LICENSE_CHECK_PER_KEY_MAX'),
  PAYMENT_WEBHOOK_MAX: count('PAYMENT_WEBHOOK_MAX'),
  FILE_STORAGE: choice('FILE_STORAGE', ['disk', 's3']),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: matching(/^https?:\/\//, 'S3_ENDPOINT must start with http:// or https://'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool('S3_FORCE_PATH_STYLE'),
  S3_PREFIX: z.string().optional(),
  JOBS_INTERVAL_MS: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^\d+$/.test(v), {
      message: 'JOBS_INTERVAL_MS must be a whole number of milliseconds (0 switches the scheduler off)',
    }),
  PAYMENT_PROVIDER: choice('PAYMENT_PROVIDER', ['sandbox', 'paypal']),
  PAYMENT_GRACE_DAYS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      if (!/^\d{1,3}$/.test(v) || Number(v) > 365) {
        ctx.addIssue({
          code: 'custom',
          message: `PAYMENT_GRACE_DAYS must be a whole number of days from 0 to 365 (got "${v}")`,
        });
        return z.NEVER;
      }
      return Number(v);
    }),
  PAYMENT_SANDBOX_SECRET: checked((v) => v.length >= 32, 'PAYMENT_SANDBOX_SECRET must be at least 32 characters'),
  PAYMENT_SANDBOX_WEBHOOK_URL: httpUrl('PAYMENT_SANDBOX_WEBHOOK_URL'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_ENVIRONMENT: choice('PAYPAL_ENVIRONMENT', ['sandbox', 'live']),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_RETURN_BASE_URL: httpUrl('PAYPAL_RETURN_BASE_URL'),
  PAYPAL_CERT_HOSTS: z.string().optional(),
  PAYPAL_PRODUCT_ID: z.string().optional(),
  PAYPAL_API_BASE: httpUrl('PAYPAL_API_BASE'),
  PAYPAL_API_BASE_URL: httpUrl('PAYPAL_API_BASE_URL'),
  VIES_URL: httpUrl('VIES_URL'),
  METRICS_PORT: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return null;
      const n = Number(v);
      if (!/^\d{1,5}$/.test(v) || n < 1 || n > 65535) {
        ctx.addIssue({ code: 'custom', message: `METRICS_PORT must be a port between 1 and 65535 (got "${v}")` });
        return z.NEVER;
      }
      return n;
    }),
  METRICS_HOST: z.string().optional(),
  METRICS_TOKEN: checked((v) => v.trim().length >= 16, 'METRICS_TOKEN must be at least 16 characters'),
  // Read by the tracing SDK itself (src/telemetry.ts, before this config is loaded); checked here so a typo stops
  // the start with a readable sentence instead of spans going nowhere.
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl('OTEL_EXPORTER_OTLP_ENDPOINT'),
});

/** Reads the environment into a typed config. Throws ConfigError with one readable sentence. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? 'environment');
    const msg = issue.message.includes(field) ? issue.message : `${field}: ${issue.message}`;
    throw new ConfigError(`Invalid configuration: ${msg}.`);
  }
  const e = parsed.data;
  const mode = portalMode(env);
  // The company's values of the wrong form stop any start; in production the unset and demo ones are refused too,
  // by the server's start (productionRefusals), which names every one of them at once.
  const companyIssue = mode === 'production' ? undefined : companyProblems(env)[0];
  if (companyIssue) throw new ConfigError(`Invalid configuration: ${companyIssue}.`);
  const company = readOperatingCompany(env);

  let authEmulatorHost: string | null = e.FIREBASE_AUTH_EMULATOR_HOST || null;
  if (mode === 'production' && authEmulatorHost) {
    throw new ConfigError(
      'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while running in production mode, which would accept unsigned emulator tokens; unset it or use PORTAL_MODE=development.',
    );
  }
  if (mode !== 'production' && !authEmulatorHost) authEmulatorHost = '127.0.0.1:9099';

  const dataDir = path.resolve(e.DATA_DIR || path.join(REPO_ROOT, '.data'));
  const remoteUrls: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    const m = /^REMOTE_URL_([A-Z0-9_]+)$/.exec(k);
    if (m && v) remoteUrls[m[1].toLowerCase()] = v;
  }

  const portalOrigins = list(e.PORTAL_ORIGIN).map((o) => o.replace(/\/$/, ''));
  const ownOrigins = portalOrigins.length ? portalOrigins : mode === 'production' ? [] : LOCAL_PORTAL_ORIGINS;
  const corsList = [...ownOrigins, ...list(e.CORS_ORIGINS)].map((o) => o.replace(/\/$/, ''));
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: FILE_STORAGE=s3 needs S3_BUCKET (and usually S3_ENDPOINT and keys).');
  }
  /** Uploaded files: disk under `<dataDir>/files` (default) or S3-compatible storage (FILE_STORAGE=s3). */
  const fileStorage =
    e.FILE_STORAGE === 's3'
      ? {
          kind: 's3' as const,
          bucket: e.S3_BUCKET as string,
          region: e.S3_REGION || 'us-east-1',
          endpoint: e.S3_ENDPOINT || null,
          accessKeyId: e.S3_ACCESS_KEY_ID || null,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE || !!e.S3_ENDPOINT,
          prefix: e.S3_PREFIX || '',
        }
      : { kind: 'disk' as const, root: path.join(dataDir, 'files') };
  const provider = e.PAYMENT_PROVIDER ?? 'sandbox';
  if (provider === 'paypal') {
    const missing = (
      ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_RETURN_BASE_URL'] as const
    ).filter((k) => !e[k]);
    if (missing.length) {
      throw new ConfigError(`Invalid configuration: PAYMENT_PROVIDER=paypal needs ${missing.join(', ')}.`);
    }
  }
  const paypalApiBaseRaw = e.PAYPAL_API_BASE || e.PAYPAL_API_BASE_URL;
  const paypalApiBase = paypalApiBaseRaw ? paypalApiBaseRaw.replace(/\/+$/, '') : null;
  const metricsHost = e.METRICS_HOST?.trim() || '127.0.0.1';
  if (e.METRICS_PORT !== null && !e.METRICS_TOKEN && !isLoopback(metricsHost)) {
    throw new ConfigError(
      `Invalid configuration: METRICS_HOST=${metricsHost} serves the metrics beyond this machine; set METRICS_TOKEN too.`,
    );
  }
  return {
    mode,
    port: e.PORT,
    host: e.HOST || '127.0.0.1',
    logLevel: (e.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info')) as string,
    dataDir,
    /** PostgreSQL connection string; null → embedded PGlite. */
    databaseUrl: e.DATABASE_URL || null,
    /** PGlite location: a directory, or 'memory://' for a throw-away database (tests). */
    pgliteDir: path.join(dataDir, 'pglite'),
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID || 'demo-portal',
      /** host:port of the Auth emulator, null → real Firebase Auth. */
      authEmulatorHost,
    },
    internalEmails: list(e.INTERNAL_EMAILS ?? 'staff@portal.test').map((s) => s.toLowerCase()),
    remotesBaseUrl: (e.REMOTES_BASE_URL || '/remotes').replace(/\/+$/, ''),
    /** Remote id (lower case, e.g. 'gpsr') → manifest URL override from REMOTE_URL_<ID>. */
    remoteUrls,
    /** The portal's own origins (PORTAL_ORIGIN; local defaults outside production); the first resolves relative URLs. */
    portalOrigins: ownOrigins,
    /** Hosts (or `.suffix` names) the staff console's manifest check may fetch from (REMOTE_MANIFEST_HOSTS). */
    remoteManifestHosts: e.REMOTE_MANIFEST_HOSTS
      ? list(e.REMOTE_MANIFEST_HOSTS).map((h) => h.toLowerCase())
      : [...new Set(['localhost', '127.0.0.1', ...ownOrigins.map((o) => new URL(o).hostname.toLowerCase())])],
    smtpUrl: e.SMTP_URL || null,
    mailFrom: company.mailFrom,
    /** Where contact requests go (SUPPORT_EMAIL; part of the operating company). */
    supportEmail: company.supportEmail,
    /** 32-byte key from DS_ENCRYPTION_KEY, null → a dev key kept in DATA_DIR. */
    dsEncryptionKey: e.DS_ENCRYPTION_KEY ? parseKey(e.DS_ENCRYPTION_KEY) : null,
    /** Hosts (or host suffixes with a leading dot) a data source may point to; empty list → no allowlist. */
    dsAllowedHosts: list(e.DS_ALLOWED_HOSTS).map((s) => s.toLowerCase()),
    seedDemo: e.SEED_DEMO,
    /**
     * Apply missing migrations at start (MIGRATE_ON_START; default outside production only). Without, the api
     * refuses a database schema older than the code: production migrates as a release step (`npm run migrate`).
     */
    migrateOnStart: env.MIGRATE_ON_START?.trim() ? e.MIGRATE_ON_START : mode !== 'production',
    /** Origins allowed to call the api from a browser: the portal's own (PORTAL_ORIGIN) plus CORS_ORIGINS. */
    corsOrigins: [...new Set(corsList)],
    /** Redis for the rate-limit counters (several api instances); null → counters in this process's memory. */
    redisUrl: e.REDIS_URL || null,
    /**
     * Peers whose X-Forwarded-For names the client (TRUSTED_PROXIES; default loopback, where the portal server
     * runs): the client address of their requests is the one they forward, of anyone else's the peer's own.
     */
    trustedProxies: list(e.TRUSTED_PROXIES || '127.0.0.1,::1'),
    rateLimit: {
      /**
       * Requests per minute on any route: per client address before the token is looked at, and again per
       * verified user after authentication (a token's claims count only once verified).
       */
      max: e.RATE_LIMIT_MAX ?? 300,
      /** Requests per minute and verified user on routes that connect outward, send mail or take free text. */
      strictMax: e.RATE_LIMIT_STRICT_MAX ?? 10,
      /** Invitation mails per day: by one account, and to one address. */
      invitesPerAccount: e.INVITES_PER_ACCOUNT_PER_DAY ?? 20,
      invitesPerAddress: e.INVITES_PER_ADDRESS_PER_DAY ?? 3,
      /** POST /license/check calls per minute and license key (on top of the per-address limit). */
      licenseCheckPerKey: e.LICENSE_CHECK_PER_KEY_MAX ?? 60,
      /**
       * Payment webhook calls per minute and provider, a budget of their own instead of the per-address one: a
       * flood of other requests never delays a payment (a refused provider retries later).
       */
      webhookPerProvider: e.PAYMENT_WEBHOOK_MAX ?? 600,
    },
    fileStorage,
    /**
     * Prometheus metrics (GET /metrics) on a listener of their own, never on the api's port (which the portal server
     * makes public): METRICS_PORT (unset → not served), METRICS_HOST (default 127.0.0.1; any other address needs
     * METRICS_TOKEN), METRICS_TOKEN (when set, scrapes must send `Authorization: Bearer <token>`).
     */
    metrics: { port: e.METRICS_PORT as number | null, host: metricsHost, token: e.METRICS_TOKEN?.trim() || null },
    /** How often each instance looks for due scheduled jobs (month end); 0 = never (tests run jobs themselves). */
    jobsIntervalMs: e.JOBS_INTERVAL_MS !== undefined ? Number(e.JOBS_INTERVAL_MS) : mode === 'test' ? 0 : 3_600_000,
    /**
     * VIES, the EU's VAT number register (VIES_URL: its REST base; default the Commission's own). `npm start`, the
     * e2e stack and the api tests point it at the local simulator (scripts/vies-simulator.cjs).
     */
    vies: { url: (e.VIES_URL || VIES_PRODUCTION_URL).replace(/\/+$/, '') },
    /**
     * The company that runs the portal (shared/config/operating-company.js): the AVV's processor, the mails' sender
     * and footer, and the seller of every new invoice (a finalized invoice keeps the seller it was issued with).
     */
    company,
    /** The invoices' seller: company.seller. */
    seller: company.seller,
    payment: {
      /** PAYMENT_PROVIDER: the api's own sandbox page (default) or PayPal. */
      provider,
      /**
       * Days a license keeps working after its paid period when the renewal payment failed (PAYMENT_GRACE_DAYS,
       * default 14); afterwards the license check answers PAYMENT_OVERDUE until the seller pays.
       */
      graceDays: e.PAYMENT_GRACE_DAYS ?? 14,
      /** HMAC key of sandbox events (PAYMENT_SANDBOX_SECRET); null → a random key kept in DATA_DIR. */
      sandboxSecret: e.PAYMENT_SANDBOX_SECRET || null,
      /** Where the sandbox page posts its signed event (PAYMENT_SANDBOX_WEBHOOK_URL); null → this api's own address. */
      sandboxWebhookUrl: e.PAYMENT_SANDBOX_WEBHOOK_URL || null,
      paypal: {
        clientId: e.PAYPAL_CLIENT_ID ?? '',
        clientSecret: e.PAYPAL_CLIENT_SECRET ?? '',
        environment: e.PAYPAL_ENVIRONMENT ?? 'sandbox',
        /** Id of the webhook registered in the PayPal dashboard; part of every signed message. */
        webhookId: e.PAYPAL_WEBHOOK_ID ?? '',
        /** Public origin of the portal (PayPal sends the buyer back to <origin>/api/payment/paypal/return). */
        returnBaseUrl: (e.PAYPAL_RETURN_BASE_URL ?? '').replace(/\/+$/, ''),
        /** Hosts the signing certificate may be fetched from. */
        certHosts: e.PAYPAL_CERT_HOSTS
          ? list(e.PAYPAL_CERT_HOSTS).map((s) => s.toLowerCase())
          : ['api.paypal.com', 'api.sandbox.paypal.com'],
        /**
         * Base URL of the PayPal REST API (PAYPAL_API_BASE; PAYPAL_API_BASE_URL is its old name): the local PayPal
         * simulator or a recorder; null → PayPal's own for the environment.
         */
        apiBaseUrl: paypalApiBase,
        /**
         * Outside production, the webhook signing certificate may also come from the origin of PAYPAL_API_BASE and
         * chain to the root that origin serves (the simulator's): whoever points the api at a PayPal of their own
         * trusts its signatures. Null in production: there only PayPal's certificates are trusted.
         */
        simulatorOrigin: mode !== 'production' && paypalApiBase ? new URL(paypalApiBase).origin : null,
        /** PayPal catalog product for subscription plans (PAYPAL_PRODUCT_ID); null → subscriptions are paid as orders. */
        productId: e.PAYPAL_PRODUCT_ID || null,
      },
    },
  };
}

/**
 * Why a production start must not go on, one line per variable, each naming it; empty outside production and when
 * everything is set. Production sells for real: the operating company must be configured (no demo value, no
 * placeholder domain), payments must go to a real provider and mail must be sent, not written to files.
 */
export function productionRefusals(config: AppConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  if (config.mode !== 'production') return [];
  const lines = companyProblems(env);
  const { payment } = config;
  if (payment.provider === 'sandbox') {
    lines.push(
      `PAYMENT_PROVIDER is ${env.PAYMENT_PROVIDER?.trim() ? 'sandbox' : 'unset (sandbox)'}: the sandbox takes no real money; set PAYMENT_PROVIDER=paypal and its PAYPAL_* credentials`,
    );
  } else if (payment.paypal.environment !== 'live') {
    lines.push(
      `PAYPAL_ENVIRONMENT is ${env.PAYPAL_ENVIRONMENT?.trim() ? 'sandbox' : 'unset (sandbox)'}: PayPal's sandbox takes no real money; set PAYPAL_ENVIRONMENT=live`,
    );
  }
  if (!config.smtpUrl) {
    lines.push('SMTP_URL is not set: mail would be written to files under DATA_DIR/mail instead of being sent');
  }
  return lines;
}
