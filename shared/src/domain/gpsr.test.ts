import {
  addGpsrFiles,
  GPSR_POINTS,
  GPSR_TOPICS,
  gpsrDocumentationFileName,
  gpsrProductCreateSchema,
  gpsrProgress,
  gpsrRetentionUntil,
  removeGpsrFile,
  sanitizeGpsrFileName,
  setGpsrAnswer,
} from './index';

const file = (n: number) => ({ name: `0000000${n}-0000-4000-8000-000000000000.pdf`, originalName: `f${n}.pdf` });
const t1q1p1 = { topicId: 't1', questionId: 'q1', pointId: 'p1' };

describe('GPSR questionnaire', () => {
  it('has 11 topics: topic 1 with 7 questions of at most 6 points, the others 1–2 questions of one point', () => {
    expect(GPSR_TOPICS).toHaveLength(11);
    expect(GPSR_TOPICS[0].questions).toHaveLength(7);
    for (const q of GPSR_TOPICS[0].questions) expect(q.points.length).toBeLessThanOrEqual(6);
    expect(Math.max(...GPSR_TOPICS[0].questions.map((q) => q.points.length))).toBe(6);
    for (const t of GPSR_TOPICS.slice(1)) {
      expect(t.questions.length).toBeGreaterThanOrEqual(1);
      expect(t.questions.length).toBeLessThanOrEqual(2);
      for (const q of t.questions) expect(q.points).toHaveLength(1);
    }
  });

  it('gives every point a unique t{n}q{n}p{n} id, texts in both languages and an article reference', () => {
    const ids = GPSR_POINTS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of GPSR_POINTS) {
      expect(p.id).toMatch(/^t\d+q\d+p\d+$/);
      expect(p.title.de && p.title.en && p.example.de && p.example.en).toBeTruthy();
      expect(p.title.de).not.toBe(p.title.en);
      expect(p.article).toMatch(/^Art\. \d+/);
    }
  });
});

describe('gpsrProgress', () => {
  it('is the rounded percent of known points with text or files', () => {
    expect(gpsrProgress([])).toBe(0);
    const one = [{ ...t1q1p1, textarea: 'x', files: [] }];
    expect(gpsrProgress(one)).toBe(Math.round(100 / GPSR_POINTS.length));
    expect(gpsrProgress([{ ...t1q1p1, textarea: '  ', files: [] }])).toBe(0);
    expect(gpsrProgress([{ topicId: 't99', questionId: 'q1', pointId: 'p1', textarea: 'x', files: [] }])).toBe(0);
    const all = GPSR_POINTS.map((p) => ({ ...p, textarea: '', files: [file(1)] }));
    expect(gpsrProgress(all)).toBe(100);
  });
});

describe('answer rules', () => {
  it('sets, appends files, removes a file and drops empty entries', () => {
    let list = setGpsrAnswer([], t1q1p1, 'answer');
    expect(list).toEqual([{ ...t1q1p1, textarea: 'answer', files: [] }]);
    list = addGpsrFiles(list, t1q1p1, [file(1)]);
    list = addGpsrFiles(list, t1q1p1, [file(2)]);
    expect(list[0].files.map((f) => f.originalName)).toEqual(['f1.pdf', 'f2.pdf']);
    list = setGpsrAnswer(list, t1q1p1, '');
    expect(list).toHaveLength(1);
    list = removeGpsrFile(list, file(1).name);
    list = removeGpsrFile(list, file(2).name);
    expect(list).toEqual([]);
  });
});

describe('names and dates', () => {
  it('builds the documentation file name', () => {
    expect(gpsrDocumentationFileName('  Kinder Trinkflasche (350 ml)! ')).toBe('kinder-trinkflasche-350-ml.zip');
    expect(gpsrDocumentationFileName('Lamp', 2)).toBe('lamp-v2.zip');
    expect(gpsrDocumentationFileName('***')).toBe('gpsr-documentation.zip');
  });

  it('sanitizes original names: no path, no control characters', () => {
    expect(sanitizeGpsrFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeGpsrFileName('..\\..\\x.pdf')).toBe('x.pdf');
    expect(sanitizeGpsrFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(sanitizeGpsrFileName('...')).toBe('file');
  });

  it('retains a release for 10 years', () => {
    expect(gpsrRetentionUntil(new Date('2025-01-31T10:00:00Z')).toISOString()).toBe('2035-01-31T10:00:00.000Z');
  });

  it('requires a product name and rejects unknown points', () => {
    const empty = gpsrProductCreateSchema.safeParse({ name: ' ', riskQuestions: [] });
    expect(empty.error?.issues[0].message).toBe('validation_gpsr_name_required');
    const bad = gpsrProductCreateSchema.safeParse({
      name: 'x',
      riskQuestions: [{ topicId: 't1', questionId: 'q1', pointId: 'p9', textarea: 'x' }],
    });
    expect(bad.success).toBe(false);
  });
});
