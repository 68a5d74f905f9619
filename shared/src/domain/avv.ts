import { z } from 'zod';
import { plainText } from './text';

/**
 * AVV versions: staff publish a new version of the data-processing agreement; a seller who
 * accepted an older one must accept again. Routes under /api/avv (see api/src/modules/avv).
 *
 * The contract text is kept in both interface languages (`text.de`, `text.en`): the PDF and the seller's diff
 * show the text of the reader's language. A line starting with `## ` is a section heading; paragraphs are
 * separated by a blank line.
 */

/** Version label, unique: '2026-01', '2.1', 'v3'. */
export const AVV_VERSION_LABEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;
/** Effective date as a calendar day (YYYY-MM-DD, UTC). */
export const AVV_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const AVV_TEXT_MIN = 50;
export const AVV_TEXT_MAX = 100_000;
export const AVV_SUMMARY_MAX = 2_000;
export const AVV_SUB_PROCESSORS_MAX = 50;
/** How far ahead an effective date may lie. */
export const AVV_EFFECTIVE_MAX_DAYS_AHEAD = 366;

/** Whether `value` is a real calendar day in YYYY-MM-DD form (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  if (!AVV_DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today as YYYY-MM-DD in UTC (effective dates are compared in UTC on both sides). */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return utcDay(date);
}

const contractText = z
  .string()
  .trim()
  .min(1, 'validation_avv_text_required')
  .min(AVV_TEXT_MIN, 'validation_avv_text_short')
  .max(AVV_TEXT_MAX, 'validation_avv_text_long')
  .check(plainText({ multiline: true }));

const summaryText = z
  .string()
  .trim()
  .min(1, 'validation_avv_summary_required')
  .max(AVV_SUMMARY_MAX, 'validation_avv_summary_long')
  .check(plainText({ multiline: true }));

const subProcessorField = (max: number) =>
  z.string().trim().min(1, 'validation_avv_subprocessor_required').max(max, 'validation_too_long').check(plainText());

/** One sub-processor named in the contract. */
export const avvSubProcessorSchema = z
  .object({
    name: subProcessorField(200),
    purpose: subProcessorField(300),
    location: subProcessorField(200),
  })
  .strict();
export type AvvSubProcessor = z.infer<typeof avvSubProcessorSchema>;

/** Text in both interface languages. */
const bilingual = <T extends z.ZodType>(inner: T) => z.object({ de: inner, en: inner }).strict();

/**
 * POST /api/avv/versions (staff): publish a version. Strict (unknown keys → 400). The api also checks that the
 * label is new (400 fields.version) and that the effective date is not before today nor before the latest
 * published version's effective date (400 fields.effectiveDate).
 */
export const avvVersionInputSchema = z
  .object({
    version: z
      .string()
      .trim()
      .min(1, 'validation_avv_version_required')
      .regex(AVV_VERSION_LABEL_PATTERN, 'validation_avv_version_invalid'),
    effectiveDate: z
      .string()
      .trim()
      .min(1, 'validation_avv_date_required')
      .refine(isCalendarDay, 'validation_avv_date_invalid'),
    summary: bilingual(summaryText),
    text: bilingual(contractText),
    subProcessors: z.array(avvSubProcessorSchema).max(AVV_SUB_PROCESSORS_MAX, 'validation_avv_subprocessors_many'),
  })
  .strict();
export type AvvVersionInput = z.infer<typeof avvVersionInputSchema>;

/** Checks of a publish input that depend on the date of today (UI and api). Field → i18n key. */
export function avvEffectiveDateIssue(
  effectiveDate: string,
  options: { today?: string; latestEffectiveDate?: string | null } = {},
): string | null {
  if (!isCalendarDay(effectiveDate)) return 'validation_avv_date_invalid';
  const today = options.today ?? utcDay();
  if (effectiveDate < today) return 'validation_avv_date_past';
  if (effectiveDate > addDays(today, AVV_EFFECTIVE_MAX_DAYS_AHEAD)) return 'validation_avv_date_far';
  if (options.latestEffectiveDate && effectiveDate < options.latestEffectiveDate) {
    return 'validation_avv_date_before_latest';
  }
  return null;
}

/** A published version as the api returns it. */
export const avvVersionSchema = z.object({
  id: z.string(),
  version: z.string(),
  effectiveDate: z.string().describe('YYYY-MM-DD'),
  summary: z.object({ de: z.string(), en: z.string() }),
  text: z.object({ de: z.string(), en: z.string() }),
  subProcessors: z.array(z.object({ name: z.string(), purpose: z.string(), location: z.string() })),
  publishedAt: z.string(),
  /** Email of the staff member; null for the version seeded from the original contract. */
  publishedBy: z.string().nullable(),
});
export type AvvVersion = z.infer<typeof avvVersionSchema>;

/** GET /api/avv/versions (staff): every version, newest first, with the number of users who accepted each. */
export const avvStaffVersionSchema = avvVersionSchema.extend({
  acceptedCount: z.number().int(),
  /** The version sellers must have accepted today. */
  isCurrent: z.boolean(),
});
export type AvvStaffVersion = z.infer<typeof avvStaffVersionSchema>;
export const avvStaffVersionListSchema = z.object({ versions: z.array(avvStaffVersionSchema) });
export type AvvStaffVersionList = z.infer<typeof avvStaffVersionListSchema>;

/** One acceptance of the history. */
export const avvAcceptanceEntrySchema = z.object({
  id: z.string(),
  versionId: z.string(),
  version: z.string(),
  effectiveDate: z.string(),
  acceptedAt: z.string(),
  /** Email of the account that accepted. */
  acceptedBy: z.string(),
});
export type AvvAcceptanceEntry = z.infer<typeof avvAcceptanceEntrySchema>;

/** GET /api/avv/history: the caller's acceptances, newest first. */
export const avvHistorySchema = z.object({ acceptances: z.array(avvAcceptanceEntrySchema) });
export type AvvHistory = z.infer<typeof avvHistorySchema>;

/** GET /api/avv/current. */
export const avvCurrentSchema = z.object({
  current: avvVersionSchema,
  /** The newest version the caller accepted (null: never accepted). */
  acceptedVersion: avvAcceptanceEntrySchema.nullable(),
  /** The caller accepted an older version and must accept the current one (a banner in the shell). */
  needsReacceptance: z.boolean(),
});
export type AvvCurrent = z.infer<typeof avvCurrentSchema>;

/** POST /api/avv/accept. */
export const avvAcceptInputSchema = z
  .object({ versionId: z.string().uuid('validation_avv_version_id_invalid') })
  .strict();

/** Whether an acceptance is needed again: accepted before, but not the current version. */
export function avvNeedsReacceptance(
  currentId: string,
  accepted: Pick<AvvAcceptanceEntry, 'versionId'> | null,
): boolean {
  return accepted != null && accepted.versionId !== currentId;
}

/** Splits a contract text into sections for display/PDF: `## ` lines are headings, blank lines end paragraphs. */
export function avvTextBlocks(text: string): { kind: 'heading' | 'paragraph'; text: string }[] {
  const blocks: { kind: 'heading' | 'paragraph'; text: string }[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line.startsWith('## ')) {
      flush();
      blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    } else if (line === '') {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** GET /user/profile/avv/download: the contract as base64 PDF. */
export const avvContractPdfSchema = z.object({ pdf: z.string() });
export type AvvContractPdf = z.infer<typeof avvContractPdfSchema>;
