import { utcDay } from '@portal/shared/domain';
import { eq } from 'drizzle-orm';
import { avvAcceptances } from '../src/db/schema';
import { currentState } from '../src/modules/avv/service';
import { pdfText } from './pdf-text';
import {
  completeProfile,
  createFirebaseUser,
  createSubUser,
  createTestApp,
  registerUser,
  uniqueEmail,
  users,
  type TestApp,
  type TestIdentity,
} from './helpers';

const V1_ID = '00000000-0000-4000-8000-000000000001';
const today = utcDay();
const dayAfter = (days: number) => utcDay(new Date(Date.now() + days * 86_400_000));

const text = (lang: 'de' | 'en', extra = '') =>
  lang === 'de'
    ? `## 1. Gegenstand des Auftrags\n\nDer Auftragnehmer betreibt für den Auftraggeber ein Kundenportal.${extra}\n\n## 9. Unterauftragsverarbeiter\n\nDer Auftraggeber genehmigt die Unterauftragsverarbeiter der Anlage.`
    : `## 1. Subject matter\n\nThe processor operates a customer portal for the controller.${extra}\n\n## 9. Sub-processors\n\nThe controller approves the sub-processors listed in the annex.`;

const publishInput = (version: string, overrides: Record<string, unknown> = {}) => ({
  version,
  effectiveDate: today,
  summary: { de: 'Neuer Hosting-Anbieter in Frankfurt.', en: 'New hosting provider in Frankfurt.' },
  text: { de: text('de', ' Neu: Rechenzentrum Frankfurt.'), en: text('en', ' New: Frankfurt data centre.') },
  subProcessors: [{ name: 'Beispiel Hosting AG', purpose: 'Hosting', location: 'Frankfurt am Main, DE' }],
  ...overrides,
});

let t: TestApp;
const staffEmail = uniqueEmail('staff');
let staff: TestIdentity;
let seller: TestIdentity;
let sub: TestIdentity;

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_EMAILS: staffEmail });
  staff = await createFirebaseUser({ email: staffEmail, emailVerified: true });
  seller = await registerUser(t.app);
  await completeProfile(t.app, seller);
  sub = await createSubUser(t.app, seller);
});
afterAll(async () => t?.close());

const get = (url: string, who?: TestIdentity) => t.app.inject({ url, headers: who?.headers });
const post = (url: string, payload: unknown, who?: TestIdentity) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: who?.headers });

describe('who may call what', () => {
  it('answers 401 to anonymous calls on every route', async () => {
    for (const res of [
      await get('/api/avv/current'),
      await get(`/api/avv/versions/${V1_ID}`),
      await get('/api/avv/history'),
      await post('/api/avv/accept', { versionId: V1_ID }),
      await get('/api/avv/versions'),
      await post('/api/avv/versions', publishInput('anon')),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('keeps the staff routes from sellers and sub-users (403 forbidden-staff-only)', async () => {
    for (const who of [seller, sub]) {
      const list = await get('/api/avv/versions', who);
      expect(list.statusCode).toBe(403);
      expect(list.json().slug).toBe('forbidden-staff-only');
      const publish = await post('/api/avv/versions', publishInput(`sneaky-${who.uid.slice(0, 4)}`), who);
      expect(publish.statusCode).toBe(403);
    }
    // Nothing was published by the refused calls.
    const versions = (await get('/api/avv/versions', staff)).json().versions;
    expect(versions.map((v: { version: string }) => v.version)).toEqual(['2026-01']);
  });

  it('lets sellers and sub-users read the version in force; staff see every version', async () => {
    for (const who of [seller, sub]) {
      const res = await get('/api/avv/current', who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        current: { id: V1_ID, version: '2026-01', publishedBy: null },
        acceptedVersion: null,
        needsReacceptance: false,
      });
      expect(res.json().current.text.de).toContain('## 1. Gegenstand des Auftrags');
      expect(res.json().current.text.en).toContain('## 10. Deletion and return');
      expect(res.json().current.subProcessors.length).toBeGreaterThan(0);
      expect((await get('/api/avv/history', who)).json()).toEqual({ acceptances: [] });
    }
    const list = await get('/api/avv/versions', staff);
    expect(list.statusCode).toBe(200);
    expect(list.json().versions[0]).toMatchObject({ id: V1_ID, isCurrent: true, acceptedCount: 0 });
  });

  it('refuses a bad version id (400) and an unknown one (404)', async () => {
    const bad = await get('/api/avv/versions/not-a-uuid', seller);
    expect(bad.statusCode).toBe(400);
    const unknown = await get('/api/avv/versions/5b0c7c2e-4a43-4b0e-9b0e-000000000000', seller);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().slug).toBe('avv-version-not-found');
    const accept = await post('/api/avv/accept', { versionId: '5b0c7c2e-4a43-4b0e-9b0e-000000000000' }, seller);
    expect(accept.statusCode).toBe(404);
    const badBody = await post('/api/avv/accept', { versionId: V1_ID, extra: 1 }, seller);
    expect(badBody.statusCode).toBe(400);
  });

  it('needs a complete profile to accept (a sub-user without one gets 400 profile-incomplete)', async () => {
    const res = await post('/api/avv/accept', { versionId: V1_ID }, sub);
    expect(res.statusCode).toBe(400);
    expect(res.json().slug).toBe('profile-incomplete');
  });
});

describe('publish validation (400 with fields)', () => {
  const fieldsOf = async (payload: unknown) => {
    const res = await post('/api/avv/versions', payload, staff);
    expect(res.statusCode).toBe(400);
    return res.json().fields as Record<string, string>;
  };

  it('names each bad field', async () => {
    expect(await fieldsOf(publishInput('x1', { effectiveDate: '2026-02-30' }))).toEqual({
      effectiveDate: 'validation_avv_date_invalid',
    });
    expect(await fieldsOf(publishInput('x1', { effectiveDate: 'tomorrow' }))).toEqual({
      effectiveDate: 'validation_avv_date_invalid',
    });
    expect(await fieldsOf(publishInput('x1', { effectiveDate: '2020-01-01' }))).toEqual({
      effectiveDate: 'validation_avv_date_past',
    });
    expect(await fieldsOf(publishInput('x1', { effectiveDate: dayAfter(400) }))).toEqual({
      effectiveDate: 'validation_avv_date_far',
    });
    expect(await fieldsOf(publishInput('x1', { text: { de: '  ', en: text('en') } }))).toMatchObject({
      'text.de': 'validation_avv_text_required',
    });
    expect(await fieldsOf(publishInput('x1', { summary: { de: 'Neu', en: '' } }))).toEqual({
      'summary.en': 'validation_avv_summary_required',
    });
    expect(await fieldsOf(publishInput('has space'))).toEqual({ version: 'validation_avv_version_invalid' });
    expect(await fieldsOf(publishInput('x1', { subProcessors: [{ name: 'A', purpose: 'B', location: '' }] }))).toEqual({
      'subProcessors.0.location': 'validation_avv_subprocessor_required',
    });
  });

  it('refuses unknown keys and a duplicate label (any case)', async () => {
    const unknown = await post('/api/avv/versions', { ...publishInput('x2'), publishedBy: 'me' }, staff);
    expect(unknown.statusCode).toBe(400);
    const dup = await post('/api/avv/versions', publishInput('2026-01'), staff);
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({
      slug: 'avv-version-exists',
      fields: { version: 'api_error_avv_version_exists' },
    });
  });
});

describe('re-consent after a new version', () => {
  let v2Id = '';

  it('a seller accepts version 1 through the profile route (history: one row, by the seller)', async () => {
    const res = await post('/api/user/profile/avv-accepted-date', {}, seller);
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe('2026-01');
    const history = (await get('/api/avv/history', seller)).json().acceptances;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ versionId: V1_ID, version: '2026-01', acceptedBy: seller.email });
  });

  it('staff publish version 2 effective today: it is in force at once and recorded with who and when', async () => {
    const res = await post('/api/avv/versions', publishInput('2026-11'), staff);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ version: '2026-11', effectiveDate: today, publishedBy: staffEmail });
    v2Id = body.id;
    const list = (await get('/api/avv/versions', staff)).json().versions;
    expect(list.map((v: { version: string; isCurrent: boolean }) => [v.version, v.isCurrent])).toEqual([
      ['2026-11', true],
      ['2026-01', false],
    ]);
    expect(list[1].acceptedCount).toBe(1);
    // The publish is in the staff audit log: who, when, the version without its texts.
    const audit = await get('/api/staff/audit?entryId=avv:2026-11', staff);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().events).toHaveLength(1);
    expect(audit.json().events[0]).toMatchObject({
      actorEmail: staffEmail,
      action: 'create',
      entryId: 'avv:2026-11',
      before: null,
      after: { id: v2Id, version: '2026-11', effectiveDate: today },
    });
    expect(audit.json().events[0].after.text).toBeUndefined();
  });

  it('the seller must accept again: current says so, the profile counts as not accepted', async () => {
    const current = (await get('/api/avv/current', seller)).json();
    expect(current).toMatchObject({
      current: { id: v2Id, version: '2026-11' },
      acceptedVersion: { versionId: V1_ID, version: '2026-01' },
      needsReacceptance: true,
    });
    const profile = (await get('/api/user/profile/avv-accepted-date', seller)).json();
    expect(profile).toEqual({ avvAcceptedDate: null, version: null });
    // The old text stays readable for the diff.
    const old = await get(`/api/avv/versions/${V1_ID}`, seller);
    expect(old.json().text.de).not.toContain('Rechenzentrum Frankfurt');
    expect(current.current.text.de).toContain('Rechenzentrum Frankfurt');
    // A sub-user who never accepted is not asked to "re-accept" (they see the first acceptance flow).
    expect((await get('/api/avv/current', sub)).json().needsReacceptance).toBe(false);
  });

  it('accepting the old version is refused (409); the new one is accepted once', async () => {
    const stale = await post('/api/avv/accept', { versionId: V1_ID }, seller);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().slug).toBe('avv-version-not-current');

    const res = await post('/api/avv/accept', { versionId: v2Id }, seller);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ versionId: v2Id, version: '2026-11', acceptedBy: seller.email });
    const again = await post('/api/avv/accept', { versionId: v2Id }, seller);
    expect(again.json().acceptedAt).toBe(res.json().acceptedAt);

    const current = (await get('/api/avv/current', seller)).json();
    expect(current.needsReacceptance).toBe(false);
    expect(current.acceptedVersion.versionId).toBe(v2Id);
    const profile = (await get('/api/user/profile/avv-accepted-date', seller)).json();
    expect(profile).toEqual({ avvAcceptedDate: res.json().acceptedAt, version: '2026-11' });
    const history = (await get('/api/avv/history', seller)).json().acceptances;
    expect(history.map((h: { version: string }) => h.version)).toEqual(['2026-11', '2026-01']);
    const rows = await t.app.db.select().from(avvAcceptances).where(eq(avvAcceptances.userId, seller.uid));
    expect(rows).toHaveLength(2);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, seller.uid));
    expect(row.avvVersion).toBe('2026-11');
  });

  it("the PDF shows the version in force with its sub-processors; others' history stays theirs", async () => {
    const res = await get('/api/user/profile/avv/download?lang=de', seller);
    const text = pdfText(Buffer.from(res.json().pdf, 'base64'));
    expect(text).toContain('Vertragsversion: 2026-11');
    expect(text).toContain('Rechenzentrum Frankfurt');
    expect(text).toContain('Beispiel Hosting AG');
    expect(text).not.toContain('Technische und organisatorische Maßnahmen'); // only in version 1's text
    const en = pdfText(Buffer.from((await get('/api/user/profile/avv/download?lang=en', seller)).json().pdf, 'base64'));
    expect(en).toContain('New: Frankfurt data centre.');
    expect((await get('/api/avv/history', sub)).json().acceptances).toEqual([]);
  });

  it('a version dated in the future is listed but not in force until its day', async () => {
    const future = await post('/api/avv/versions', publishInput('2027-01', { effectiveDate: dayAfter(30) }), staff);
    expect(future.statusCode).toBe(201);
    const current = (await get('/api/avv/current', seller)).json();
    expect(current.current.version).toBe('2026-11');
    expect(current.needsReacceptance).toBe(false);
    const list = (await get('/api/avv/versions', staff)).json().versions;
    expect(list[0]).toMatchObject({ version: '2027-01', isCurrent: false });
    // On its day it is in force and the seller must accept again.
    const [user] = await t.app.db.select().from(users).where(eq(users.id, seller.uid));
    const then = await currentState(t.app.db, user, new Date(Date.now() + 31 * 86_400_000));
    expect(then).toMatchObject({ current: { version: '2027-01' }, needsReacceptance: true });
    // A later version may not take effect before it.
    const early = await post('/api/avv/versions', publishInput('2026-12', { effectiveDate: dayAfter(10) }), staff);
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toEqual({ effectiveDate: 'validation_avv_date_before_latest' });
  });
});
