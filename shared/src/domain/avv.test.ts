import {
  avvEffectiveDateIssue,
  avvNeedsReacceptance,
  avvTextBlocks,
  avvVersionInputSchema,
  isCalendarDay,
} from './avv';

const text = '## 1. Gegenstand\n\nDer Auftragnehmer verarbeitet Daten ausschließlich nach Weisung des Auftraggebers.';
const valid = {
  version: '2026-11',
  effectiveDate: '2026-12-01',
  summary: { de: 'Neuer Unterauftragsverarbeiter', en: 'New sub-processor' },
  text: { de: text, en: text },
  subProcessors: [{ name: 'Hetzner Online GmbH', purpose: 'Hosting', location: 'Deutschland' }],
};

function fieldsOf(input: unknown): Record<string, string> {
  const result = avvVersionInputSchema.safeParse(input);
  if (result.success) return {};
  // The first message per field, as the api's error handler and the form show it.
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('avvVersionInputSchema', () => {
  it('accepts a complete version and trims the texts', () => {
    const parsed = avvVersionInputSchema.parse({ ...valid, version: ' 2026-11 ' });
    expect(parsed.version).toBe('2026-11');
  });

  it('names the field of each bad value', () => {
    expect(fieldsOf({ ...valid, version: '' })).toEqual({ version: 'validation_avv_version_required' });
    expect(fieldsOf({ ...valid, version: 'v 2' })).toEqual({ version: 'validation_avv_version_invalid' });
    expect(fieldsOf({ ...valid, effectiveDate: '2026-02-30' })).toEqual({
      effectiveDate: 'validation_avv_date_invalid',
    });
    expect(fieldsOf({ ...valid, effectiveDate: '1.12.2026' })).toEqual({
      effectiveDate: 'validation_avv_date_invalid',
    });
    expect(fieldsOf({ ...valid, text: { de: '   ', en: text } })).toEqual({
      'text.de': 'validation_avv_text_required',
    });
    expect(fieldsOf({ ...valid, text: { de: text, en: 'short' } })).toEqual({ 'text.en': 'validation_avv_text_short' });
    expect(fieldsOf({ ...valid, summary: { de: '', en: 'x' } })).toEqual({
      'summary.de': 'validation_avv_summary_required',
    });
    expect(fieldsOf({ ...valid, subProcessors: [{ name: 'X', purpose: '', location: 'EU' }] })).toEqual({
      'subProcessors.0.purpose': 'validation_avv_subprocessor_required',
    });
  });

  it('refuses unknown keys', () => {
    expect(avvVersionInputSchema.safeParse({ ...valid, publishedBy: 'me' }).success).toBe(false);
  });
});

describe('effective date rules', () => {
  it('knows real calendar days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2027-13-01')).toBe(false);
  });

  it('refuses past, far-future and dates before the latest version', () => {
    const today = '2026-11-22';
    expect(avvEffectiveDateIssue('2026-11-22', { today })).toBeNull();
    expect(avvEffectiveDateIssue('2026-11-21', { today })).toBe('validation_avv_date_past');
    expect(avvEffectiveDateIssue('2028-01-01', { today })).toBe('validation_avv_date_far');
    expect(avvEffectiveDateIssue('2026-12-01', { today, latestEffectiveDate: '2027-01-01' })).toBe(
      'validation_avv_date_before_latest',
    );
  });
});

describe('re-acceptance and text blocks', () => {
  it('asks again only who accepted an older version', () => {
    expect(avvNeedsReacceptance('v2', null)).toBe(false);
    expect(avvNeedsReacceptance('v2', { versionId: 'v1' })).toBe(true);
    expect(avvNeedsReacceptance('v2', { versionId: 'v2' })).toBe(false);
  });

  it('splits headings and paragraphs', () => {
    expect(avvTextBlocks('## 1. A\nline one\nline two\n\npara two\n## 2. B')).toEqual([
      { kind: 'heading', text: '1. A' },
      { kind: 'paragraph', text: 'line one line two' },
      { kind: 'paragraph', text: 'para two' },
      { kind: 'heading', text: '2. B' },
    ]);
  });
});
