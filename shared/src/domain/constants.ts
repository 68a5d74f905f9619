// Business constants and limits of the portal.

export const PASSWORD_MIN_LENGTH = 6;
export const VAT_PERCENT = 19;
export const FREE_TRIAL_DAYS = 3;
export const DEFAULT_CURRENCY = 'EUR';
export const DEFAULT_COUNTRY = 'DE';

export const YEARLY_DISCOUNT_PERCENT = 17;

export const NOTIFICATION_AUTO_HIDE_MS = 5000;
export const SHAKE_MS = 500;
export const GPSR_LOADING_FLAG_MS = 500;
export const EMAIL_VERIFICATION_POLL_MS = 15_000;
export const LIEFERBAR_REFRESH_MS = 40_000;
export const SCROLL_TOP_THRESHOLD_PX = 300;

/**
 * An unpaid checkout invoice (a purchase's draft) expires this long after it was made: it is then listed as Expired,
 * cannot be paid any more and never gets a number. The seller orders again for a fresh price and payment window.
 */
export const CHECKOUT_EXPIRY_HOURS = 24;

export const PAYMENT_WINDOW = { width: 1000, height: 800, closePollMs: 1000, reloadDelayMs: 100 } as const;

export const EMAIL_BLOCK_SIZE = 1000;
export const EMAIL_QUOTA_BASE_DEFAULT = 1000;
export const MAX_MONTHLY_OVERAGE_EUR = 45;
/** Card counters for extra emails/users: step 1 between 0 and 46, "plus" blocked at 45 or above. */
export const EXTRA_COUNTER = { min: 0, max: 46, plusBlockedFrom: 45, step: 1 } as const;

export const PHONE_DEFAULT_PREFIX = '+49';
export const PHONE_MAX_DIGITS = 17;

export const QR_CODE = { sizePx: 180, logoCoverage: 0.25, errorCorrection: 'M' } as const;
export const TOKEN_SYNC_MAX_AGE_S = 300;

export const INVOICE_PAGE_SIZE = 10;
export const LICENSE_PAGE_SIZE = 10;
export const GPSR_PAGE_SIZE = 8;
