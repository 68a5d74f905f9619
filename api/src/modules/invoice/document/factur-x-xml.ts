// The EN 16931 (Factur-X / ZUGFeRD profile EN16931) Cross Industry Invoice embedded as factur-x.xml. Built with
// xmlbuilder2 from the same InvoiceDocumentData as the PDF, so both show the same totals.
import {
  buyerDisplayName,
  PLAN_CHANGE_CREDIT_KIND,
  countryName,
  VAT_CATEGORY_CODES,
  VAT_EXEMPTION_CODES,
  VAT_WORDING,
} from '@portal/shared/domain';
import { create } from 'xmlbuilder2';
import type { InvoiceDocumentData } from './document-data';
import { ciiDate, invoiceTexts, rowDescription } from './invoice-texts';

export const FACTUR_X_FILE_NAME = 'factur-x.xml';
/** Guideline id of the Factur-X 1.0 / ZUGFeRD 2.x profile EN 16931 (COMFORT). */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** Cents as a CII amount ("1234.50"); cancellation and correction invoices (type 381) carry positive amounts. */
export const ciiAmount = (cents: number) => (Math.abs(cents) / 100).toFixed(2);

const dateTime = (date: Date) => ({ 'udt:DateTimeString': { '@format': '102', '#': ciiDate(date) } });

function tradeParty(party: {
  name: string;
  /** BT-30: the seller's commercial register entry. */
  legalRegistration?: string;
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
    ...(party.legalRegistration ? { 'ram:SpecifiedLegalOrganization': { 'ram:ID': party.legalRegistration } } : {}),
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
  const { vat, buyer } = data;
  const category = VAT_CATEGORY_CODES[vat.kind];
  const wording = VAT_WORDING[data.language][vat.kind];
  const notTaxable = vat.kind === 'not_taxable';
  // Category O has no rate at all (BR-O-05, BR-O-06); the others state theirs, 0 for reverse charge.
  const rate = notTaxable ? {} : { 'ram:RateApplicablePercent': String(vat.ratePercent) };
  const lineTax = { 'ram:TypeCode': 'VAT', 'ram:CategoryCode': category, ...rate };
  const exemptionCode =
    vat.kind === 'reverse_charge' || vat.kind === 'not_taxable' ? VAT_EXEMPTION_CODES[vat.kind] : null;

  const notes: object[] = [];
  const note = wording.note?.(countryName(buyer.country, data.language));
  if (note) notes.push({ 'ram:Content': wording.reason ? `${wording.reason}. ${note}` : note });
  // A sale outside the scope of German VAT carries no VAT identifiers (BR-O-02): the buyer's number is a note.
  if (notTaxable && buyer.vatId) notes.push({ 'ram:Content': `${texts.buyerTaxNumber}: ${buyer.vatId}` });
  const correction = data.kind === 'correction';
  if (data.cancelsNumber) {
    notes.push({ 'ram:Content': `${correction ? texts.corrects : texts.cancels} ${data.cancelsNumber}` });
  }

  // A plan change's credit is a document level allowance (EN 16931 BG-20), not a line: a line's net price may not be
  // negative (BR-27). The lines' total less the allowances is the tax basis, as on the PDF.
  const lineRows = data.rows.filter((row) => row.kind !== PLAN_CHANGE_CREDIT_KIND);
  const creditRows = data.rows.filter((row) => row.kind === PLAN_CHANGE_CREDIT_KIND);
  const lineTotal = lineRows.reduce((sum, row) => sum + row.amountCents, 0);
  const allowanceTotal = creditRows.reduce((sum, row) => sum + row.amountCents, 0);
  const allowances = creditRows.map((row) => ({
    'ram:ChargeIndicator': { 'udt:Indicator': 'false' },
    'ram:ActualAmount': ciiAmount(row.amountCents),
    'ram:Reason': rowDescription(texts, row),
    'ram:CategoryTradeTax': lineTax,
  }));

  const lines = lineRows.map((row, i) => ({
    'ram:AssociatedDocumentLineDocument': { 'ram:LineID': String(i + 1) },
    'ram:SpecifiedTradeProduct': { 'ram:Name': rowDescription(texts, row) },
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
      ...(wording.reason ? { 'ram:ExemptionReason': wording.reason } : {}),
      'ram:BasisAmount': ciiAmount(data.netCents),
      'ram:CategoryCode': category,
      ...(exemptionCode ? { 'ram:ExemptionReasonCode': exemptionCode } : {}),
      ...rate,
    },
    ...(period
      ? {
          'ram:BillingSpecifiedPeriod': {
            'ram:StartDateTime': dateTime(period.start),
            ...(period.end ? { 'ram:EndDateTime': dateTime(period.end) } : {}),
          },
        }
      : {}),
    ...(allowances.length ? { 'ram:SpecifiedTradeAllowanceCharge': allowances } : {}),
    ...(data.paidAt
      ? { 'ram:SpecifiedTradePaymentTerms': { 'ram:Description': texts.paid(ciiDate(data.paidAt)) } }
      : {}),
    'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {
      'ram:LineTotalAmount': ciiAmount(lineTotal),
      ...(allowances.length ? { 'ram:AllowanceTotalAmount': ciiAmount(allowanceTotal) } : {}),
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
        // A cancellation or correction gives money back: a credit note (UNTDID 1001 code 381), amounts positive.
        'ram:TypeCode': data.kind === 'invoice' ? '380' : '381',
        'ram:IssueDateTime': dateTime(data.issueDate),
        ...(notes.length ? { 'ram:IncludedNote': notes } : {}),
      },
      'rsm:SupplyChainTradeTransaction': {
        'ram:IncludedSupplyChainTradeLineItem': lines,
        'ram:ApplicableHeaderTradeAgreement': {
          // BT-31 (the seller's VAT ID) is left out for category O (BR-O-02); its tax number (BT-32) and register
          // entry (BT-30) identify it (BR-CO-26).
          'ram:SellerTradeParty': tradeParty({
            ...data.seller,
            legalRegistration: data.seller.register,
            vatId: notTaxable ? '' : data.seller.vatId,
          }),
          'ram:BuyerTradeParty': tradeParty({
            name: buyerDisplayName(buyer),
            postalCode: buyer.postalCode,
            street: `${buyer.street} ${buyer.houseNumber}`.trim(),
            city: buyer.city,
            country: buyer.country,
            email: data.buyerEmail,
            // BT-48: required for reverse charge (BR-AE-02), forbidden outside the scope of VAT (BR-O-02).
            vatId: notTaxable ? '' : buyer.vatId,
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
