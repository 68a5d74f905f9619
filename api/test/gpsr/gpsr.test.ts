import path from 'node:path';
import { GPSR_POINTS } from '@portal/shared/domain';
import { gpsrFiles } from '../../src/db/schema';
import { createSubUser, createTestApp, registerUser, type TestApp, type TestIdentity } from '../helpers';
import {
  DOC,
  docx,
  grantGpsrLicense,
  multipart,
  PDF,
  PHP_AS_PDF,
  PNG,
  pdfToText,
  point,
  storedFiles,
  unzipEntries,
  uploadGpsrFiles,
  type Part,
} from './gpsr-fixtures';

let t: TestApp;
let seller: TestIdentity;
let other: TestIdentity;
let storageRoot: string;

beforeAll(async () => {
  t = await createTestApp();
  storageRoot = path.join(t.dataDir, 'files');
  seller = await registerUser(t.app);
  other = await registerUser(t.app);
  await grantGpsrLicense(t.app, seller.uid);
  await grantGpsrLicense(t.app, other.uid);
});
afterAll(async () => t?.close());

const api = (u: string) => `/api/gpsr${u}`;

const upload = (user: TestIdentity, parts: Part[]) => uploadGpsrFiles(t.app, user, parts);

const fileRows = async () => t.app.db.select().from(gpsrFiles);

async function uploadOk(user: TestIdentity, files: Part[], at = point()) {
  const res = await upload(user, [...at, ...files]);
  expect(res.statusCode).toBe(200);
  return res.json().files as { name: string; originalName: string }[];
}

async function createProduct(user: TestIdentity, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: api('/product/create'), headers: user.headers, payload: body });
}

describe('license', () => {
  it('refuses every route without a valid gpsr license (403 license-required), expired included', async () => {
    const noLicense = await registerUser(t.app);
    const expired = await registerUser(t.app);
    await grantGpsrLicense(t.app, expired.uid, { expired: true });
    for (const user of [noLicense, expired]) {
      const list = await t.app.inject({ url: api('/products'), headers: user.headers });
      expect(list.statusCode).toBe(403);
      expect(list.json().slug).toBe('license-required');
      const up = await upload(user, [...point(), { name: 'files', filename: 'a.png', content: PNG }]);
      expect(up.statusCode).toBe(403);
    }
    expect(storedFiles(storageRoot)).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: api('/products') })).statusCode).toBe(401);
  });
});

describe('products and answers', () => {
  it('creates, reads, lists with progress and updates a product; files attach to the chosen point', async () => {
    const [png] = await uploadOk(seller, [
      { name: 'files', filename: 'label photo.png', content: PNG, type: 'image/png' },
    ]);
    expect(png.name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(png.originalName).toBe('label photo.png');

    const created = await createProduct(seller, {
      name: 'Kinder Trinkflasche',
      riskQuestions: [
        { topicId: 't1', questionId: 'q1', pointId: 'p1', textarea: 'Edelstahlflasche', files: [] },
        {
          topicId: 't3',
          questionId: 'q1',
          pointId: 'p1',
          textarea: '',
          files: [{ name: png.name, originalName: 'evil/../x' }],
        },
      ],
    });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product.progress).toBe(Math.round((2 / GPSR_POINTS.length) * 100));
    // The original name comes from the server's metadata, not from the client.
    expect(product.riskQuestions[1].files[0]).toEqual({ name: png.name, originalName: 'label photo.png' });
    expect(product.draftChanged).toBe(true);

    const list = (await t.app.inject({ url: api('/products'), headers: seller.headers })).json();
    expect(list.find((p: { id: string }) => p.id === product.id)).toMatchObject({
      name: 'Kinder Trinkflasche',
      progress: product.progress,
    });
    expect(list[0]).not.toHaveProperty('riskQuestions');

    const updated = await t.app.inject({
      method: 'PUT',
      url: api('/product/update'),
      headers: seller.headers,
      payload: { id: product.id, name: 'Kinder Trinkflasche 350 ml', riskQuestions: product.riskQuestions.slice(1) },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().progress).toBe(Math.round((1 / GPSR_POINTS.length) * 100));

    const read = await t.app.inject({ url: api(`/product/${product.id}`), headers: seller.headers });
    expect(read.json()).toMatchObject({
      name: 'Kinder Trinkflasche 350 ml',
      riskQuestions: product.riskQuestions.slice(1),
    });
  });

  it('rejects an empty name with the field key, unknown points and unknown or foreign files', async () => {
    const empty = await createProduct(seller, { name: '  ', riskQuestions: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ name: 'validation_gpsr_name_required' });

    const badPoint = await createProduct(seller, {
      name: 'x',
      riskQuestions: [{ topicId: 't1', questionId: 'q1', pointId: 'p9', textarea: 'x', files: [] }],
    });
    expect(badPoint.statusCode).toBe(400);

    const control = await createProduct(seller, { name: 'bad\u0007name', riskQuestions: [] });
    expect(control.statusCode).toBe(400);

    const [foreign] = await uploadOk(other, [{ name: 'files', filename: 'o.pdf', content: PDF }]);
    const stolen = await createProduct(seller, {
      name: 'x',
      riskQuestions: [
        {
          topicId: 't1',
          questionId: 'q1',
          pointId: 'p1',
          textarea: '',
          files: [{ name: foreign.name, originalName: 'o.pdf' }],
        },
      ],
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().slug).toBe('gpsr-file-not-found');
  });

  it("never shows, changes or deletes another seller's product or file (404)", async () => {
    const [file] = await uploadOk(seller, [{ name: 'files', filename: 'mine.pdf', content: PDF }]);
    const mine = (
      await createProduct(seller, {
        name: 'Mine',
        riskQuestions: [{ topicId: 't1', questionId: 'q1', pointId: 'p1', textarea: 'a', files: [file] }],
      })
    ).json();
    const h = other.headers;
    expect((await t.app.inject({ url: api(`/product/${mine.id}`), headers: h })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: api(`/product/${mine.id}/documentation/download`), headers: h })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: api(`/product/${mine.id}/delete`), headers: h })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: api(`/product/${mine.id}/release`), headers: h })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: api(`/product/file/${file.name}/delete`), headers: h })).statusCode,
    ).toBe(404);
    const upd = await t.app.inject({
      method: 'PUT',
      url: api('/product/update'),
      headers: h,
      payload: { id: mine.id, name: 'taken', riskQuestions: [] },
    });
    expect(upd.statusCode).toBe(404);
    const still = (await t.app.inject({ url: api(`/product/${mine.id}`), headers: seller.headers })).json();
    expect(still.name).toBe('Mine');
    expect(still.riskQuestions[0].files).toEqual([file]);
    const list = (await t.app.inject({ url: api('/products'), headers: h })).json();
    expect(list.map((p: { id: string }) => p.id)).not.toContain(mine.id);
  });

  it("lets a sub-user work on the parent's records", async () => {
    const sub = await createSubUser(t.app, seller);
    const res = await t.app.inject({ url: api('/products'), headers: sub.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    const created = await createProduct(sub, { name: 'By sub-user', riskQuestions: [] });
    expect(created.statusCode).toBe(201);
    const parentList = (await t.app.inject({ url: api('/products'), headers: seller.headers })).json();
    expect(parentList.map((p: { name: string }) => p.name)).toContain('By sub-user');
  });

  it('rejects malformed ids', async () => {
    expect((await t.app.inject({ url: api('/product/not-a-uuid'), headers: seller.headers })).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'DELETE',
      url: api('/product/file/..%2F..%2Fx/delete'),
      headers: seller.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('uploads', () => {
  it('accepts PNG, PDF, .doc and .docx in one request, typed by their bytes', async () => {
    const files = await uploadOk(seller, [
      { name: 'files', filename: 'a.png', content: PNG },
      { name: 'files', filename: 'b.pdf', content: PDF },
      { name: 'files', filename: 'c.doc', content: DOC },
      { name: 'files', filename: 'd.docx', content: await docx() },
      // a PNG with a wrong name is stored as what it is
      { name: 'files', filename: 'photo.pdf', content: PNG },
    ]);
    expect(files.map((f) => path.extname(f.name))).toEqual(['.png', '.pdf', '.doc', '.docx', '.png']);
    const rows = await fileRows();
    expect(rows.find((r) => r.name === files[3].name)?.mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  const bad: [string, Part[], number, string][] = [
    [
      'a PHP file renamed .pdf',
      [{ name: 'files', filename: 'shell.pdf', content: PHP_AS_PDF, type: 'application/pdf' }],
      415,
      'file-type-not-allowed',
    ],
    ['a traversal name', [{ name: 'files', filename: '../../x.pdf', content: PDF }], 400, 'file-name-invalid'],
    [
      'a name with control characters',
      [{ name: 'files', filename: 'a\u0001b.pdf', content: PDF }],
      400,
      'file-name-invalid',
    ],
    ['a 0-byte file', [{ name: 'files', filename: 'empty.pdf', content: Buffer.alloc(0) }], 400, 'file-empty'],
    [
      'a file over 25 MB',
      [{ name: 'files', filename: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024 + 10)]) }],
      413,
      'payload-too-large',
    ],
    [
      '21 files',
      Array.from({ length: 21 }, (_, i) => ({ name: 'files', filename: `f${i}.png`, content: PNG })),
      413,
      'too-many-files',
    ],
    [
      '1 000 files',
      Array.from({ length: 1000 }, (_, i) => ({ name: 'files', filename: `f${i}.png`, content: PNG })),
      413,
      'too-many-files',
    ],
    [
      'a good file followed by a bad one',
      [
        { name: 'files', filename: 'ok.png', content: PNG },
        { name: 'files', filename: 'x.pdf', content: PHP_AS_PDF },
      ],
      415,
      'file-type-not-allowed',
    ],
  ];

  it.each(bad)('refuses %s with a clear 4xx and stores nothing', async (_label, files, status, slug) => {
    const before = { rows: (await fileRows()).length, stored: storedFiles(storageRoot).length };
    const res = await upload(seller, [...point(), ...files]);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ slug, message: expect.any(String) });
    expect((await fileRows()).length).toBe(before.rows);
    expect(storedFiles(storageRoot).length).toBe(before.stored);
  });

  it('refuses an unknown point, a missing file and a non-multipart body', async () => {
    const before = storedFiles(storageRoot).length;
    const unknown = await upload(seller, [
      ...point('t1', 'q1', 'p9'),
      { name: 'files', filename: 'a.png', content: PNG },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ pointID: 'validation_gpsr_point_invalid' });
    expect((await upload(seller, point())).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: api('/product/upload/files'),
      headers: seller.headers,
      payload: {},
    });
    expect(json.statusCode).toBe(415);
    expect(storedFiles(storageRoot).length).toBe(before);
  });

  describe("a broken multipart body is the client's error (400 invalid-multipart), never a 500", () => {
    const sent = () => multipart([...point(), { name: 'files', filename: 'a.png', content: PNG }]);
    const long = 'b'.repeat(300);
    const cases: [string, () => { contentType: string; payload: Buffer }][] = [
      ['no boundary', () => ({ contentType: 'multipart/form-data', payload: sent().payload })],
      [
        'a boundary over 256 bytes',
        () => ({
          contentType: `multipart/form-data; boundary=${long}`,
          payload: Buffer.from(
            `--${long}\r\nContent-Disposition: form-data; name="topicID"\r\n\r\nt1\r\n--${long}--\r\n`,
          ),
        }),
      ],
      [
        'a body cut off inside the file',
        () => {
          const body = sent();
          return { contentType: body.headers['content-type'], payload: body.payload.subarray(0, -60) };
        },
      ],
      [
        'a body cut off inside the part headers',
        () => {
          const body = sent();
          return { contentType: body.headers['content-type'], payload: body.payload.subarray(0, 30) };
        },
      ],
      [
        'a body not split by the declared boundary',
        () => ({ contentType: 'multipart/form-data; boundary=other', payload: sent().payload }),
      ],
    ];

    it.each(cases)('%s', async (_label, make) => {
      const before = { rows: (await fileRows()).length, stored: storedFiles(storageRoot).length };
      const { contentType, payload } = make();
      const res = await t.app.inject({
        method: 'POST',
        url: api('/product/upload/files'),
        headers: { ...seller.headers, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ slug: 'invalid-multipart', message: expect.stringMatching(/multipart/) });
      expect((await fileRows()).length).toBe(before.rows);
      expect(storedFiles(storageRoot).length).toBe(before.stored);
    });
  });
});

describe('documentation ZIP, versions and retention', () => {
  it("names each evidence entry with the extension of its detected type, never the client's", async () => {
    const files = await uploadOk(
      seller,
      [
        { name: 'files', filename: 'setup.exe', content: PNG },
        { name: 'files', filename: 'invoice.html', content: PNG },
        { name: 'files', filename: 'report.pdf.exe', content: PDF },
        { name: 'files', filename: 'noextension', content: PDF },
      ],
      point('t1', 'q3', 'p5'),
    );
    const product = (
      await createProduct(seller, {
        name: 'Renamed evidence',
        riskQuestions: [{ topicId: 't1', questionId: 'q3', pointId: 'p5', textarea: 'x', files }],
      })
    ).json();
    const zip = await t.app.inject({
      url: api(`/product/${product.id}/documentation/download?lang=en`),
      headers: seller.headers,
    });
    expect(zip.statusCode).toBe(200);
    const entries = unzipEntries(zip.rawPayload);
    const evidence = [...entries.keys()].filter((name) => name.includes('/'));
    expect(evidence.map((name) => name.split('/')[1])).toEqual([
      't1q3p5-1-setup.png',
      't1q3p5-2-invoice.png',
      't1q3p5-3-report_pdf.pdf',
      't1q3p5-4-noextension.pdf',
    ]);
    expect(entries.get(evidence[0])).toEqual(PNG);
    expect(entries.get(evidence[2])).toEqual(PDF);
    await t.app.inject({ method: 'DELETE', url: api(`/product/${product.id}/delete`), headers: seller.headers });
  });

  it('streams the technical file and the evidence in topic folders; a released version stays byte-identical', async () => {
    const [png, pdf] = await uploadOk(
      seller,
      [
        { name: 'files', filename: 'etikett.png', content: PNG },
        { name: 'files', filename: 'prüfbericht.pdf', content: PDF },
      ],
      point('t1', 'q3', 'p5'),
    );
    const product = (
      await createProduct(seller, {
        name: 'Lampe "Nova" 2000!',
        riskQuestions: [
          {
            topicId: 't1',
            questionId: 'q3',
            pointId: 'p5',
            textarea: 'Prüfbericht 2024-118 bestanden',
            files: [png, pdf],
          },
        ],
      })
    ).json();

    const draft = await t.app.inject({
      url: api(`/product/${product.id}/documentation/download?lang=de`),
      headers: seller.headers,
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.headers['content-type']).toBe('application/zip');
    expect(draft.headers['content-disposition']).toBe('attachment; filename="lampe-nova-2000.zip"');
    const entries = unzipEntries(draft.rawPayload);
    expect([...entries.keys()]).toEqual([
      'technische-dokumentation.pdf',
      '01-produktsicherheit-und-risikobewertung/t1q3p5-1-etikett.png',
      '01-produktsicherheit-und-risikobewertung/t1q3p5-2-prüfbericht.pdf',
    ]);
    expect(entries.get('01-produktsicherheit-und-risikobewertung/t1q3p5-1-etikett.png')).toEqual(PNG);
    const text = pdfToText(entries.get('technische-dokumentation.pdf')!);
    expect(text).toContain('Lampe "Nova" 2000!');
    expect(text).toContain('Prüfbericht 2024-118 bestanden');
    expect(text).toContain('Art. 9(2)');
    expect(text).toContain('Entwurf');
    expect(text).toMatch(/10 Jahre/);

    const released = await t.app.inject({
      method: 'POST',
      url: api(`/product/${product.id}/release`),
      headers: seller.headers,
    });
    expect(released.statusCode).toBe(201);
    expect(released.json().number).toBe(1);
    const { releasedAt, retentionUntil } = released.json();
    expect(new Date(retentionUntil).getUTCFullYear()).toBe(new Date(releasedAt).getUTCFullYear() + 10);
    const again = await t.app.inject({
      method: 'POST',
      url: api(`/product/${product.id}/release`),
      headers: seller.headers,
    });
    expect(again.statusCode).toBe(409);

    const v1 = await t.app.inject({
      url: api(`/product/${product.id}/documentation/download?version=1&lang=en`),
      headers: seller.headers,
    });
    expect(v1.headers['content-disposition']).toBe('attachment; filename="lampe-nova-2000-v1.zip"');
    expect(pdfToText(unzipEntries(v1.rawPayload).get('technical-documentation.pdf')!)).toContain(
      'Version 1 (released, read-only)',
    );

    // Edit the draft: drop the PDF, change the text. The released version does not move.
    const del = await t.app.inject({
      method: 'DELETE',
      url: api(`/product/file/${pdf.name}/delete`),
      headers: seller.headers,
    });
    expect(del.statusCode).toBe(200);
    const edited = await t.app.inject({
      method: 'PUT',
      url: api('/product/update'),
      headers: seller.headers,
      payload: {
        id: product.id,
        name: 'Lampe Nova',
        riskQuestions: [{ topicId: 't1', questionId: 'q3', pointId: 'p5', textarea: 'neu', files: [png] }],
      },
    });
    expect(edited.json()).toMatchObject({ draftChanged: true, versions: [{ number: 1 }] });

    await new Promise((r) => setTimeout(r, 1100));
    const v1Again = await t.app.inject({
      url: api(`/product/${product.id}/documentation/download?version=1&lang=en`),
      headers: seller.headers,
    });
    expect(v1Again.rawPayload.equals(v1.rawPayload)).toBe(true);
    expect(unzipEntries(v1Again.rawPayload).size).toBe(3);

    expect(
      (
        await t.app.inject({
          url: api(`/product/${product.id}/documentation/download?version=9`),
          headers: seller.headers,
        })
      ).json().slug,
    ).toBe('gpsr-version-not-found');

    // Delete the product: the version stays (and its files), and the seller is told until when.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: api(`/product/${product.id}/delete`),
      headers: seller.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: true, retainedVersions: [{ number: 1, retentionUntil }] });
    expect((await t.app.inject({ url: api(`/product/${product.id}`), headers: seller.headers })).statusCode).toBe(404);
    const retained = (await t.app.inject({ url: api('/versions/retained'), headers: seller.headers })).json();
    expect(retained).toEqual([
      expect.objectContaining({ productId: product.id, productName: 'Lampe "Nova" 2000!', number: 1 }),
    ]);
    const afterDelete = await t.app.inject({
      url: api(`/product/${product.id}/documentation/download?version=1&lang=en`),
      headers: seller.headers,
    });
    expect(afterDelete.rawPayload.equals(v1.rawPayload)).toBe(true);
    expect(storedFiles(storageRoot).some((f) => f.endsWith(pdf.name))).toBe(true);
  });

  it('deleting a file of a never-released product removes it from the answers and from storage', async () => {
    const [f] = await uploadOk(seller, [{ name: 'files', filename: 'x.png', content: PNG }]);
    const product = (
      await createProduct(seller, {
        name: 'Del',
        riskQuestions: [{ topicId: 't2', questionId: 'q1', pointId: 'p1', textarea: '', files: [f] }],
      })
    ).json();
    expect(product.progress).toBeGreaterThan(0);
    expect(storedFiles(storageRoot).some((s) => s.endsWith(f.name))).toBe(true);
    await t.app.inject({ method: 'DELETE', url: api(`/product/file/${f.name}/delete`), headers: seller.headers });
    const read = (await t.app.inject({ url: api(`/product/${product.id}`), headers: seller.headers })).json();
    expect(read).toMatchObject({ riskQuestions: [], progress: 0 });
    expect(storedFiles(storageRoot).some((s) => s.endsWith(f.name))).toBe(false);
    expect(
      (await t.app.inject({ method: 'DELETE', url: api(`/product/file/${f.name}/delete`), headers: seller.headers }))
        .statusCode,
    ).toBe(404);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: api(`/product/${product.id}/delete`),
      headers: seller.headers,
    });
    expect(gone.json()).toEqual({ deleted: true, retainedVersions: [] });
  });
});
