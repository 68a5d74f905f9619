import type { HttpClient } from '@portal/shared';
import {
  INVOICE_PAGE_SIZE,
  offsetFor,
  type InvoiceDownloadResponse,
  type InvoiceListResponse,
} from '@portal/shared/domain';

/** GET /invoice/list?limit&offset — server-side pages, offset = (page - 1) * pageSize. */
export function fetchInvoicePage(
  http: HttpClient,
  page: number,
  pageSize = INVOICE_PAGE_SIZE,
): Promise<InvoiceListResponse> {
  return http.get<InvoiceListResponse>('/invoice/list', {
    query: { limit: pageSize, offset: offsetFor(page, pageSize) },
  });
}

/** POST /invoice/{id}/download — the stored PDF as base64 with its file name (the invoice number). */
export function downloadInvoicePdf(http: HttpClient, invoiceId: string): Promise<InvoiceDownloadResponse> {
  return http.post<InvoiceDownloadResponse>(`/invoice/${encodeURIComponent(invoiceId)}/download`);
}
