// The EN 16931 (Factur-X / ZUGFeRD profile EN16931) Cross Industry Invoice embedded as factur-x.xml. Built with
// xmlbuilder2 from the same InvoiceDocumentData as the PDF, so both show the same totals.
import { buyerDisplayName } from '@portal/shared/domain';
import { create } from 'xmlbuilder2';
import type { InvoiceDocumentData } from './document-data';
import { ciiDate, invoiceTexts } from './invoice-texts';

export const FACTUR_X_FILE_NAME = 'factur-x.xml';
/** Guideline id of the Factur-X 1.0 / ZUGFeRD 2.x profile EN 16931 (COMFORT). */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** Cents as a CII amount ("1234.50"); cancellation invoices (type 381) carry positive amounts. */
export const ciiAmount = (cents: number) => (Math.abs(cents) / 100).toFixed(2);

const dateTime = (date: Date) => ({ 'udt:DateTimeString': { '@format': '102', '#': ciiDate(date) } });

function tradeParty(party: {
  name: string;
  postalCode: string;
  street: string;
  city: string;
  country: string;
  email: string;
  vatId: string;
  taxNumber?: string;
}) {
  const registrations: object[] = [];
  if (party.vatId) registrations.push({ 'ram:ID': { '@schemeID': 'VA', '#': party.vatId } });
  if (party.taxNumber) registrations.push({ 'ram:ID': { '@schemeID': 'FC', '#': party.taxNumber } });
  return {
    'ram:Name': party.name,
    'ram:PostalTradeAddress': {
      'ram:PostcodeCode': party.postalCode,
      'ram:LineOne': party.street,
      'ram:CityName': party.city,
      'ram:CountryID': party.country,
    },
    ...(party.email
      ? { 'ram:URIUniversalCommunication': { 'ram:URIID': { '@schemeID': 'EM', '#': party.email } } }
      : {}),
    ...(registrations.length ? { 'ram:SpecifiedTaxRegistration': registrations } : {}),
  };
}

/** The factur-x.xml of one finalized invoice (UTF-8 text). */
export function buildFacturXml(data: InvoiceDocumentData): string {
  const texts = invoiceTexts(data.language);
  const category = data.reverseCharge ? 'AE' : 'S';
  const lineTax = {
    'ram:TypeCode': 'VAT',
    'ram:CategoryCode': category,
    'ram:RateApplicablePercent': String(data.vatRate),
  };
  const buyer = data.buyer;

  const notes: object[] = [];
  if (data.reverseCharge) notes.push({ 'ram:Content': `${texts.reverseCharge}. ${texts.reverseChargeNote}` });
  if (data.cancelsNumber) notes.push({ 'ram:Content': `${texts.cancels} ${data.cancelsNumber}` });

  const lines = data.rows.map((row, i) => ({
    'ram:AssociatedDocumentLineDocument': { 'ram:LineID': String(i + 1) },
    'ram:SpecifiedTradeProduct': { 'ram:Name': texts.rowKinds[row.kind] ?? row.description },
    'ram:SpecifiedLineTradeAgreement': {
      'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': ciiAmount(row.unitPriceCents) },
    },
    'ram:SpecifiedLineTradeDelivery': { 'ram:BilledQuantity': { '@unitCode': 'C62', '#': String(row.quantity) } },
    'ram:SpecifiedLineTradeSettlement': {
      'ram:ApplicableTradeTax': lineTax,
      'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': ciiAmount(row.amountCents) },
    },
  }));

  const period = data.servicePeriod;
  const settlement = {
    'ram:InvoiceCurrencyCode': data.currency,
    'ram:SpecifiedTradeSettlementPaymentMeans': { 'ram:TypeCode': '68' },
    'ram:ApplicableTradeTax': {
      'ram:CalculatedAmount': ciiAmount(data.vatCents),
      'ram:TypeCode': 'VAT',
      ...(data.reverseCharge ? { 'ram:ExemptionReason': texts.reverseCharge } : {}),
      'ram:BasisAmount': ciiAmount(data.netCents),
      'ram:CategoryCode': category,
      ...(data.reverseCharge ? { 'ram:ExemptionReasonCode': 'VATEX-EU-AE' } : {}),
      'ram:RateApplicablePercent': String(data.vatRate),
    },
    ...(period
      ? {
          'ram:BillingSpecifiedPeriod': {
            'ram:StartDateTime': dateTime(period.start),
            ...(period.end ? { 'ram:EndDateTime': dateTime(period.end) } : {}),
          },
        }
      : {}),
    ...(data.paidAt
      ? { 'ram:SpecifiedTradePaymentTerms': { 'ram:Description': texts.paid(ciiDate(data.paidAt)) } }
      : {}),
    'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {
      'ram:LineTotalAmount': ciiAmount(data.netCents),
      'ram:TaxBasisTotalAmount': ciiAmount(data.netCents),
      'ram:TaxTotalAmount': { '@currencyID': data.currency, '#': ciiAmount(data.vatCents) },
      'ram:GrandTotalAmount': ciiAmount(data.grossCents),
      'ram:TotalPrepaidAmount': ciiAmount(data.paidAt ? data.grossCents : 0),
      'ram:DuePayableAmount': ciiAmount(data.paidAt ? 0 : data.grossCents),
    },
    ...(data.cancelsNumber ? { 'ram:InvoiceReferencedDocument': { 'ram:IssuerAssignedID': data.cancelsNumber } } : {}),
  };

  const doc = {
    'rsm:CrossIndustryInvoice': {
      '@xmlns:rsm': NS.rsm,
      '@xmlns:qdt': NS.qdt,
      '@xmlns:ram': NS.ram,
      '@xmlns:udt': NS.udt,
      'rsm:ExchangedDocumentContext': {
        'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': EN16931_GUIDELINE },
      },
      'rsm:ExchangedDocument': {
        'ram:ID': data.number,
        'ram:TypeCode': data.kind === 'cancellation' ? '381' : '380',
        'ram:IssueDateTime': dateTime(data.issueDate),
        ...(notes.length ? { 'ram:IncludedNote': notes } : {}),
      },
      'rsm:SupplyChainTradeTransaction': {
        'ram:IncludedSupplyChainTradeLineItem': lines,
        'ram:ApplicableHeaderTradeAgreement': {
          'ram:SellerTradeParty': tradeParty(data.seller),
          'ram:BuyerTradeParty': tradeParty({
            name: buyerDisplayName(buyer),
            postalCode: buyer.postalCode,
            street: `${buyer.street} ${buyer.houseNumber}`.trim(),
            city: buyer.city,
            country: buyer.country,
            email: data.buyerEmail,
            vatId: buyer.vatId,
          }),
        },
        'ram:ApplicableHeaderTradeDelivery': {
          ...(period
            ? { 'ram:ActualDeliverySupplyChainEvent': { 'ram:OccurrenceDateTime': dateTime(period.start) } }
            : {}),
        },
        'ram:ApplicableHeaderTradeSettlement': settlement,
      },
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, doc).end({ prettyPrint: true });
}
