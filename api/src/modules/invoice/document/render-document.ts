// One finalized invoice → its factur-x.xml and the PDF/A-3b that carries it.
import crypto from 'node:crypto';
import type { InvoiceDocumentData } from './document-data';
import { buildFacturXml } from './factur-x-xml';
import { renderInvoicePdf } from './invoice-pdf';

export interface RenderedInvoice {
  pdf: Buffer;
  facturXml: string;
  sha256: string;
}

export async function renderInvoiceDocument(data: InvoiceDocumentData): Promise<RenderedInvoice> {
  const facturXml = buildFacturXml(data);
  const pdf = await renderInvoicePdf(data, facturXml);
  return { pdf, facturXml, sha256: crypto.createHash('sha256').update(pdf).digest('hex') };
}
