import type { InvoiceListResponse, InvoiceView } from '@portal/shared/domain';

/** A paid invoice of 512,89 € unless overridden. */
export function invoiceFixture(overrides: Partial<InvoiceView> = {}): InvoiceView {
  return {
    id: '3f1c9a52-7c1e-4c55-9b7e-1d2f3a4b5c6d',
    invoice_number: 'RE-2026-000123',
    kind: 'invoice',
    cancels_invoice_id: null,
    invoice_date: '2026-11-20T10:00:00.000Z',
    date: '2026-11-20T10:00:00.000Z',
    payment_url: null,
    plugin: 'Fresh Desk Basic',
    status: 'Paid',
    total: 51289,
    amount_with_vat: 51289,
    amount_net: 43100,
    vat_amount: 8189,
    vat_rate: 19,
    reverse_charge: false,
    currency: 'EUR',
    products: [{ productId: 'fresh_desk-basic', info: 'Fresh Desk Basic', type: 'license' }],
    proceed_type: 'PaypalPayment',
    service_period: { start: '2026-11-20T10:00:00.000Z', end: '2027-11-20T10:00:00.000Z' },
    has_pdf: true,
    ...overrides,
  };
}

export const invoiceList = (items: InvoiceView[], total = items.length): InvoiceListResponse => ({
  invoice_list: items,
  total,
});
