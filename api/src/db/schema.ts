// Every table of the product. Text columns instead of pg enums keep migrations schema-agnostic;
// the allowed values live in the TypeScript types below and in the route schemas.
import type {
  AuditAction,
  DurationUnit,
  InvoiceKind,
  Language,
  LicenseType,
  RegistryAudience,
  RegistryCardInput,
  Status,
  SubscriptionStatus,
  VatTreatment,
  VatVerificationStatus,
} from '@portal/shared/domain';
import { sql } from 'drizzle-orm';
import type { SellerConfig } from '../config';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  customType,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export type RecordStatus = Status;
/** Expired: invoices only, a checkout draft left unpaid too long (modules/invoice/checkout-expiry.ts). */
export type PaymentStatus = 'Created' | 'Pending' | 'Paid' | 'Failed' | 'Refunded' | 'Expired';
/** A payment at the provider never expires: the money either arrived or not. */
export type ProviderPaymentStatus = Exclude<PaymentStatus, 'Expired'>;
export type ProceedType =
  'ResponseOnly' | 'PaypalPayment' | 'PaypalPaymentSubscriptionManualPayment' | 'PaypalPaymentSubscriptionAutoPayment';
export type DbEngine = 'mssql' | 'mysql' | 'postgres';
export type LicenseUserEntry = { type: 'email' | 'domain' | 'ip' | 'deviceInfo'; value: string };
export type ExtraOptionsJson = Record<string, unknown>;
/**
 * Subscription statuses that still bill the seller: Active, and Inactive (a declined renewal whose invoice can still
 * be paid). Expired and Cancelled have ended. Keep in step with subscriptions_live_product_idx below.
 */
export const LIVE_SUBSCRIPTION_STATUSES = ['Active', 'Inactive'] as const satisfies readonly SubscriptionStatus[];
/** Payment statuses of a draft whose checkout is still open; keep in step with invoices_open_purchase_idx below. */
export const OPEN_DRAFT_STATUSES = ['Created', 'Pending'] as const satisfies readonly PaymentStatus[];
/** One invoice row: quote row kind, description, quantity, unit price and amount in cents (net). */
export type InvoiceRowJson = {
  kind: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
};
/** A plan change scheduled for the period end: the new plan and the extras bought with it. */
export type ScheduledPlanChangeJson = {
  product_id: string;
  extra_users_count: number;
  extra_email_blocks: number;
  auto_upgrade_consent: boolean;
  requested_at: string;
};
/**
 * A plan change the payment provider bills only once the buyer approved it there (PayPal asks for every revised
 * plan): where the buyer approves, and the provider's plan that shows the approval arrived.
 */
export type ProviderApprovalJson = {
  url: string;
  plan_ref: string | null;
  requested_at: string;
  /**
   * The plan the provider keeps billing until then, when it is not the license's (an upgrade paid at once): a renewal
   * before the approval bills and grants that plan again, as the provider charges it. Absent: the license's plan.
   */
  billed?: ScheduledPlanChangeJson | null;
};
export type BuyerSnapshotJson = {
  firstName: string;
  lastName: string;
  companyName: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
  vatId: string;
  invoiceEmail: string;
  language: Language;
};
/** The seller as configured at finalization (config.ts SellerConfig). */
export type SellerSnapshotJson = SellerConfig;

/** Binary column (PDF bytes). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** One row per Firebase account known to the api; id = Firebase uid. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    parentUserId: text('parent_user_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    /** Display name of a sub-user (set by the parent). */
    name: text('name'),
    language: text('language').$type<Language>().notNull().default('de'),
    isActive: boolean('is_active').notNull().default(true),
    verifyReminder: boolean('verify_reminder').notNull().default(true),
    avvAcceptedDate: timestamp('avv_accepted_date', { withTimezone: true }),
    avvVersion: text('avv_version'),
    freshdeskApiKey: text('freshdesk_api_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_parent_idx').on(t.parentUserId)],
);

/** Contact data of the profile screen, one row per user. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  companyName: text('company_name').notNull().default(''),
  country: text('country').notNull().default('DE'),
  city: text('city').notNull().default(''),
  street: text('street').notNull().default(''),
  houseNumber: text('house_number').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  invoiceEmail: text('invoice_email').notNull().default(''),
  vatId: text('vat_id').notNull().default(''),
  phone: text('phone').notNull().default(''),
  // VIES's last answer about a VAT ID (shared/src/domain/vat-verification.ts). It counts only while vat_check_vat_id
  // equals vat_id: saving another VAT ID resets it, and readers compare the two as well.
  /** VatVerificationStatus: valid | invalid | unverified (not asked yet, or VIES could not answer). */
  vatCheckStatus: text('vat_check_status').$type<VatVerificationStatus>().notNull().default('unverified'),
  vatCheckVatId: text('vat_check_vat_id').notNull().default(''),
  vatCheckName: text('vat_check_name'),
  vatCheckAddress: text('vat_check_address'),
  /** VIES's consultation number (requestIdentifier). */
  vatCheckRequestId: text('vat_check_request_id'),
  /** VIES's error code when it could not answer (MS_UNAVAILABLE, TIMEOUT, ...). */
  vatCheckError: text('vat_check_error'),
  vatCheckedAt: timestamp('vat_checked_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** One sub-processor of an AVV version (shared/src/domain/avv.ts AvvSubProcessor). */
export type AvvSubProcessorJson = { name: string; purpose: string; location: string };

/** Published versions of the AVV; the current one is the newest already effective. */
export const avvVersions = pgTable(
  'avv_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Label shown to sellers, unique ('2026-01'). */
    version: text('version').notNull().unique(),
    /** YYYY-MM-DD; the version is the current one from this day (UTC). */
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    textDe: text('text_de').notNull(),
    textEn: text('text_en').notNull(),
    summaryDe: text('summary_de').notNull(),
    summaryEn: text('summary_en').notNull(),
    subProcessors: jsonb('sub_processors').$type<AvvSubProcessorJson[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff member (email; null for the seeded first version). */
    publishedBy: text('published_by'),
    publishedByUserId: text('published_by_user_id'),
  },
  (t) => [index('avv_versions_effective_idx').on(t.effectiveDate, t.publishedAt)],
);

/** History of AVV acceptances, one per user and version; users.avv_accepted_date holds the latest. */
export const avvAcceptances = pgTable(
  'avv_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Label of the accepted version (kept as accepted). */
    version: text('version').notNull(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => avvVersions.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Email of the account that accepted, at the time of acceptance. */
    acceptedByEmail: text('accepted_by_email').notNull().default(''),
  },
  (t) => [
    index('avv_acceptances_user_idx').on(t.userId),
    uniqueIndex('avv_acceptances_user_version_idx').on(t.userId, t.versionId),
  ],
);

/** The seller's own shop database (one per main user). */
export const dataSources = pgTable('data_sources', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  engine: text('engine').$type<DbEngine>().notNull().default('mssql'),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  database: text('database').notNull(),
  dbUser: text('db_user').notNull(),
  /** crypto plugin format `v1:<iv>:<tag>:<ciphertext>`. */
  passwordEncrypted: text('password_encrypted').notNull(),
  userEmails: jsonb('user_emails')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  status: text('status').$type<RecordStatus>().notNull().default('validate'),
  lastTestedAt: timestamp('last_tested_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Catalogue of products for sale (amounts in cents, net). */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    pluginName: text('plugin_name').notNull(),
    tier: text('tier'),
    priceAmount: integer('price_amount').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    licenseType: text('license_type').$type<LicenseType>().notNull(),
    durationUnit: text('duration_unit').$type<DurationUnit>(),
    duration: integer('duration'),
    maxRegistrations: integer('max_registrations').notNull().default(1),
    extraOptions: jsonb('extra_options')
      .$type<ExtraOptionsJson>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('products_plugin_idx').on(t.pluginName)],
);

export const licenses = pgTable(
  'licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    key: text('key').notNull().unique(),
    status: text('status').$type<RecordStatus>().notNull().default('active'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * Set while a renewal payment is open (the automatic charge failed): the license keeps working until then although
     * expires_at passed (the payment grace, PAYMENT_GRACE_DAYS after the paid period); cleared when a renewal is paid.
     */
    paymentGraceUntil: timestamp('payment_grace_until', { withTimezone: true }),
    licenseUsers: jsonb('license_users')
      .$type<LicenseUserEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    extraOptions: jsonb('extra_options')
      .$type<ExtraOptionsJson>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    updatedAt: updatedAt(),
  },
  (t) => [index('licenses_user_idx').on(t.userId)],
);

/** Emails a license's plugin reported per UTC month ('YYYY-MM'); a new month starts at 0 (the quota resets monthly). */
export const licenseUsage = pgTable(
  'license_usage',
  {
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    emailsSent: integer('emails_sent').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.licenseId, t.month] })],
);

/** Invoices outlive their user: user_id is set NULL when the account is deleted. */
/**
 * Invoices outlive their user: user_id is set NULL when the account is deleted, the buyer snapshot stays.
 * A draft (status Created/Pending/Failed) has no number; finalizeInvoice assigns one from invoice_counters
 * and from then on the row is immutable (a trigger refuses changes except detaching user_id and license_id, which
 * the foreign keys set NULL when the account and its licenses are deleted).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `RE-2026-000123`; NULL while a draft. */
    invoiceNumber: text('invoice_number').unique(),
    kind: text('kind').$type<InvoiceKind>().notNull().default('invoice'),
    /** A cancellation invoice points at the invoice it cancels. */
    cancelsInvoiceId: uuid('cancels_invoice_id').references((): AnyPgColumn => invoices.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Snapshot of the buyer's email at invoice time. */
    userEmail: text('user_email').notNull(),
    /** Language of the document (buyer's language at invoice time). */
    language: text('language').$type<Language>().notNull().default('de'),
    /** Issue date: creation for drafts, the finalization date once numbered. */
    invoiceDate: timestamp('invoice_date', { withTimezone: true }).notNull().defaultNow(),
    amountNet: integer('amount_net').notNull(),
    vatAmount: integer('vat_amount').notNull(),
    /** Gross amount in cents (net + VAT). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** The tax decision's treatment (shared tax.ts): standard (German VAT), oss, reverse_charge, not_taxable. */
    vatKind: text('vat_kind').$type<VatTreatment['kind']>().notNull().default('standard'),
    /** Percent as printed on the invoice; member states' rates can have a decimal (Finland 25.5). */
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(19),
    status: text('status').$type<PaymentStatus>().notNull().default('Created'),
    proceedType: text('proceed_type').$type<ProceedType>().notNull().default('PaypalPayment'),
    products: jsonb('products')
      .$type<{ productId: string; info: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rows: jsonb('rows')
      .$type<InvoiceRowJson[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The buyer as the profile said when the invoice was created (§14(4) UStG). */
    buyer: jsonb('buyer').$type<BuyerSnapshotJson>().notNull(),
    /** The seller from config, taken at finalization. */
    seller: jsonb('seller').$type<SellerSnapshotJson>(),
    /** What was bought: `{product_id, extra_users_count, extra_email_blocks, auto_upgrade_consent}`. */
    purchase: jsonb('purchase')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    servicePeriodStart: timestamp('service_period_start', { withTimezone: true }),
    servicePeriodEnd: timestamp('service_period_end', { withTimezone: true }),
    licenseId: uuid('license_id').references(() => licenses.id, { onDelete: 'set null' }),
    paymentProvider: text('payment_provider'),
    paymentRef: text('payment_ref'),
    paymentUrl: text('payment_url'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    /** The Idempotency-Key of the POST /invoice that made this draft: a repeated request gets this draft back. */
    idempotencyKey: text('idempotency_key'),
    /**
     * The product of a purchase started by POST /invoice (null for renewal, overage and demo invoices): while such a
     * draft is open (Created/Pending, no number) it is the seller's one purchase of that product in flight.
     */
    purchaseProductId: text('purchase_product_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Serves the list's ORDER BY created_at DESC, id DESC per user and its count (index-only).
    index('invoices_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('invoices_user_idempotency_key_idx')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // One open purchase per seller and product: parallel purchases cannot make a second draft and checkout.
    uniqueIndex('invoices_open_purchase_idx')
      .on(t.userId, t.purchaseProductId)
      .where(
        sql`${t.purchaseProductId} is not null and ${t.invoiceNumber} is null and ${t.status} in ('Created', 'Pending')`,
      ),
  ],
);

/** Gap-free numbering: one row per series and year, incremented with UPDATE … RETURNING at finalization. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** The PDF (PDF/A-3b with factur-x.xml) made once at finalization; downloads return these bytes. */
export const invoiceDocuments = pgTable('invoice_documents', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id),
  pdf: bytea('pdf').notNull(),
  facturXml: text('factur_x_xml').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    licenseId: uuid('license_id').references(() => licenses.id, { onDelete: 'cascade' }),
    /**
     * The plan (the license's product). A trigger of the migration copies it from the license on every insert and
     * license change, so the unique index below also holds for rows written without it.
     */
    productId: text('product_id').references(() => products.id),
    /** The plan's plugin, copied from the product by the same trigger: one live subscription per plugin. */
    pluginName: text('plugin_name'),
    status: text('status').$type<SubscriptionStatus>().notNull().default('Active'),
    providerRef: text('provider_ref'),
    periodUnit: text('period_unit').$type<DurationUnit>(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    overagePending: boolean('overage_pending').notNull().default(false),
    /** Overage to approve, cents (capped at 4500 by the overage rules of @portal/shared). */
    overageAmount: integer('overage_amount').notNull().default(0),
    overageApprovalUrl: text('overage_approval_url'),
    /** The seller cancelled: usable until current_period_end, then 'Cancelled' instead of renewed. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    /**
     * A plan change that waits for the period end (a cheaper plan or fewer extras): the renewal at current_period_end
     * switches the license to it and bills it. Null when none is scheduled.
     */
    scheduledChange: jsonb('scheduled_change').$type<ScheduledPlanChangeJson>(),
    /**
     * The provider still bills the old plan until the seller approves the revised one there (shown on /licenses); a
     * scheduled change waits for it. Null when nothing waits for the seller at the provider.
     */
    providerApproval: jsonb('provider_approval').$type<ProviderApprovalJson>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    // By license: the license views read each license's newest subscription.
    index('subscriptions_license_idx').on(t.licenseId, t.createdAt.desc()),
    // One live subscription per seller and plugin: another tier or period of the plugin is a plan change of that
    // subscription; a second one would bill the seller twice every period.
    uniqueIndex('subscriptions_live_plugin_idx')
      .on(t.userId, t.pluginName)
      .where(sql`${t.status} in ('Active', 'Inactive')`),
  ],
);

/**
 * One row per run of a scheduled job and period ('month-end' / '2026-11'): the instance whose claim succeeds runs it,
 * holding a lease it renews; a run whose lease ran out (a crashed instance) is taken over and resumed.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull(),
    owner: text('owner').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/**
 * What a billing job did to one subscription for one period ('renewal' / '2026-12-01', 'overage' / '2026-11'):
 * the primary key makes a second charge for the same thing impossible, whichever instance or retry tries it.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'renewal' | 'overage'>().notNull(),
    period: text('period').notNull(),
    status: text('status').$type<'pending' | 'done' | 'skipped' | 'failed'>().notNull().default('pending'),
    amountCents: integer('amount_cents').notNull().default(0),
    invoiceId: uuid('invoice_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.kind, t.period] })],
);

export const contactRequests = pgTable('contact_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** PayPal REST credentials a seller stores; the secret is encrypted and never returned. */
export const paypalAuth = pgTable('paypal_auth', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  clientId: text('client_id').notNull(),
  secretEncrypted: text('secret_encrypted').notNull(),
  mode: text('mode').$type<'sandbox' | 'live'>().notNull().default('sandbox'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Payments of the local sandbox or PayPal, one per invoice attempt. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** Sandbox: the random page ref (the capability); PayPal: the order or subscription id. */
    providerRef: text('provider_ref'),
    status: text('status').$type<ProviderPaymentStatus>().notNull().default('Created'),
    approvalUrl: text('approval_url'),
    /** Gross amount the provider must confirm, cents (a webhook with another amount is refused). */
    amountCents: integer('amount_cents').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    /** Language of the payment page and the confirmation mail. */
    language: text('language').$type<Language>().notNull().default('de'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_invoice_idx').on(t.invoiceId),
  ],
);

export type PaymentEventOutcome = 'processed' | 'ignored' | 'rejected';

/** Every webhook event received, once per (provider, event id): a replayed event is recognised here. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    outcome: text('outcome').$type<PaymentEventOutcome>().notNull(),
    reason: text('reason'),
    payload: jsonb('payload').$type<unknown>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId)],
);

export type PostPaymentStepName =
  | 'GetOrCreateLocalUser'
  | 'GetOrCreateGlobalUser'
  | 'CreatePDFAndUpload'
  | 'CreateInvoiceInDb'
  | 'SendEmail'
  | 'HandleSubscription'
  | 'SendCallbackToInitiator';
export type PostPaymentStepState = 'pending' | 'done' | 'failed';

/** The post-payment process of a paid invoice: one row per step, resumable after a crash. */
export const postPaymentSteps = pgTable(
  'post_payment_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    step: text('step').$type<PostPaymentStepName>().notNull(),
    /** Execution order. */
    seq: integer('seq').notNull(),
    state: text('state').$type<PostPaymentStepState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    output: jsonb('output').$type<Record<string, unknown>>(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('post_payment_steps_invoice_step_idx').on(t.invoiceId, t.step),
    index('post_payment_steps_state_idx').on(t.state),
  ],
);

export const gpsrProducts = pgTable(
  'gpsr_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    riskQuestions: jsonb('risk_questions')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    progress: integer('progress').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('gpsr_products_user_idx').on(t.userId)],
);

/**
 * An uploaded evidence file. Stored under its generated `name` by the file-storage service; the original name is
 * sanitized metadata only. `productId` is null while the file is uploaded but not yet saved with a product, and after
 * its product was deleted while a released version still needs it. `userId` becomes null when its account is deleted
 * while a retained version still needs it; its bytes then live under the retained key (gpsr/erasure.ts).
 */
export const gpsrFiles = pgTable(
  'gpsr_files',
  {
    /** Stored file name (uuid + extension of the detected type; unique, used in URLs). */
    name: text('name').primaryKey(),
    /** The owning account. Deleting it erases the files no retained version needs; the FK detaches the rest. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    productId: uuid('product_id').references(() => gpsrProducts.id, { onDelete: 'set null' }),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('gpsr_files_user_idx').on(t.userId), index('gpsr_files_product_idx').on(t.productId)],
);

/** Snapshot of one file in a released version. */
export type GpsrVersionFileJson = {
  name: string;
  originalName: string;
  mimeType: string;
  size: number;
  sha256: string;
};
export type GpsrVersionAnswerJson = {
  topicId: string;
  questionId: string;
  pointId: string;
  textarea: string;
  files: GpsrVersionFileJson[];
};

/**
 * A released, read-only version of a product's documentation (Art. 9(3): kept 10 years). It outlives its product:
 * `productId` becomes null when the product is deleted, the row stays until `retentionUntil`. It outlives its account
 * too: `userId` becomes null when the account is deleted (the person goes, the documentation stays).
 */
export const gpsrVersions = pgTable(
  'gpsr_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    productId: uuid('product_id').references(() => gpsrProducts.id, { onDelete: 'set null' }),
    /** The product id at release time, kept after the product is deleted. */
    originalProductId: uuid('original_product_id').notNull(),
    number: integer('number').notNull(),
    productName: text('product_name').notNull(),
    riskQuestions: jsonb('risk_questions').$type<GpsrVersionAnswerJson[]>().notNull(),
    progress: integer('progress').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    retentionUntil: timestamp('retention_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('gpsr_versions_product_number_idx').on(t.originalProductId, t.number),
    index('gpsr_versions_user_idx').on(t.userId),
  ],
);

/** Which stored files a released version needs; a file listed here is never removed from storage. */
export const gpsrVersionFiles = pgTable(
  'gpsr_version_files',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => gpsrVersions.id, { onDelete: 'cascade' }),
    fileName: text('file_name')
      .notNull()
      .references(() => gpsrFiles.name, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.fileName] }), index('gpsr_version_files_file_idx').on(t.fileName)],
);

/**
 * Rate-limit counters shared by every api instance on one PostgreSQL (DATABASE_URL without REDIS_URL): one row per
 * counter key (route + caller, or a named quota), reset when `expiresAt` passed. Created UNLOGGED by its migration
 * (counters need no crash safety, and skipping the WAL keeps the write on every request cheap).
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Key/value facts the api keeps about itself (e.g. seed markers). */
export const appMeta = pgTable(
  'app_meta',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/**
 * The plugin registry: which remotes the shell loads and which dashboard cards it shows. Seeded once from
 * api/registry/registry.json; after that staff edit it in the console and the database is the truth.
 */
export const registryEntries = pgTable(
  'registry_entries',
  {
    id: text('id').primaryKey(),
    /** Federation container name; '' for a page the shell renders itself. */
    remote: text('remote').notNull(),
    /** '' exactly when remote is ''. */
    manifestUrl: text('manifest_url').notNull(),
    routes: jsonb('routes').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull(),
    audience: jsonb('audience').$type<RegistryAudience>().notNull(),
    comingSoon: boolean('coming_soon').notNull(),
    buyWithoutFilling: boolean('buy_without_filling').notNull(),
    sortOrder: integer('sort_order').notNull(),
    card: jsonb('card').$type<RegistryCardInput | null>(),
    updatedAt: updatedAt(),
    /** Email of the staff member who changed it last; null for the seeded default. */
    updatedBy: text('updated_by'),
    /**
     * The release of registry_releases every caller gets; manifestUrl is its manifest URL. Null while the manifest
     * URL was set by hand (a seeded entry's build alias, a dev server), which nothing checks.
     */
    liveRelease: text('live_release'),
    /** The release internal accounts (staff) get instead of the live one; null when none. */
    previewRelease: text('preview_release'),
  },
  (t) => [index('registry_entries_order_idx').on(t.sortOrder, t.id)],
);

/**
 * The releases staff added to an entry: an immutable build of its remote ('<version>-<hash>', its manifest URL naming
 * that folder), checked against what the shell provides before it went live or into preview. Deleted with the entry.
 */
export const registryReleases = pgTable(
  'registry_releases',
  {
    entryId: text('entry_id')
      .notNull()
      .references(() => registryEntries.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    version: text('version').notNull(),
    manifestUrl: text('manifest_url').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    addedBy: text('added_by'),
    /** When and by whom it went live the last time (rollback goes to the other release that went live last). */
    liveAt: timestamp('live_at', { withTimezone: true }),
    liveBy: text('live_by'),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.id] })],
);

/** Every change staff make in the console (registry entries; AVV publishes with entry id 'avv:<version>'). */
export const registryAudit = pgTable(
  'registry_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').$type<AuditAction>().notNull(),
    entryId: text('entry_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
  },
  (t) => [index('registry_audit_at_idx').on(t.at), index('registry_audit_entry_idx').on(t.entryId, t.at)],
);

export type UserRow = typeof users.$inferSelect;
export type RegistryEntryRow = typeof registryEntries.$inferSelect;
export type RegistryAuditRow = typeof registryAudit.$inferSelect;
export type RegistryReleaseRow = typeof registryReleases.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type AvvVersionRow = typeof avvVersions.$inferSelect;
export type AvvAcceptanceRow = typeof avvAcceptances.$inferSelect;
